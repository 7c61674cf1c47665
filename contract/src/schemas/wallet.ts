import { z } from 'zod';

/**
 * Issue 31 (decision 0042): the ways a holder puts a certificate's credential into a digital
 * wallet. Each is good for WALLET_OFFER_MINUTES and for one wallet: a scan after that is refused.
 */
export const WALLET_OFFER_MINUTES = 10;

export const WALLET_MESSAGES = {
  used: 'This wallet link has already been used. Open the certificate again for a new one.',
  expired: 'This wallet link has expired. Open the certificate again for a new one.',
  unknown: 'This wallet link is not valid.',
  notActive: 'Only an active certificate can be added to a wallet.',
} as const;

/** A fresh offer: every wallet path at once, each single-use and valid until `expiresAt`. */
export const walletOffer = z.object({
  /** A URL any wallet (the Learner Credential Wallet's "Add from link") fetches the credential from, once. */
  credentialUrl: z.string(),
  /**
   * OpenID for Verifiable Credential Issuance 1.0 §4.1: the credential offer by value, with a
   * pre-authorized code, for wallets that speak OID4VCI.
   */
  openidCredentialOffer: z.string(),
  /** The VC-API exchange (DIDAuthentication, then a copy issued to the wallet's DID). */
  exchangeUrl: z.string(),
  /** The Learner Credential Wallet's link to that exchange (its app, or its web page that opens the app). */
  lcwLink: z.string(),
  expiresAt: z.string(),
});
export type WalletOffer = z.infer<typeof walletOffer>;

/** The secret in a wallet URL: 32 random bytes, base64url (43 characters). */
export const walletTokenParams = z.strictObject({ token: z.string().max(64) });

/** OID4VCI 1.0 (Appendix A.1.2): our one credential configuration, an Open Badges 3.0 credential as ldp_vc. */
export const OID4VCI_CONFIGURATION_ID = 'OpenBadgeCredential_ldp_vc';
/** RFC 8628-style URN of the pre-authorized code grant (OID4VCI 1.0 §3.5). */
export const PRE_AUTHORIZED_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
