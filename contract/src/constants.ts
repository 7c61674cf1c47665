/** Business constants of spec §9 and the security limits of ARCHITECTURE §5. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const RESET_REDIRECT_MS = 2000;

/** Checklist and score threshold of the strength meter (spec §5). */
export const STRENGTH_MIN_LENGTH = 6;
/** What the server accepts (ARCHITECTURE §5). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const EXPIRING_SOON_DAYS = 30;
export const CERTIFICATES_PAGE_SIZE = 11;

export const TOAST_MS = 3000;
export const JOB_TOAST_MS = 5000;

export const DEFAULT_GENDER = 'Human';

export const BREAKPOINTS = {
  sm: '320px',
  '2sm': '380px',
  md: '768px',
  lg: '960px',
  xl: '1200px',
  '2xl': '1600px',
  '3xl': '1920px',
} as const;

export const BRAND_DASHBOARD = '#1D5598';
export const BRAND_LANDING = '#4a7199';

export const SIDEBAR_WIDTH = 300;
export const DRAWER_WIDTH = 285;
export const XL_CONTENT_REDUCTION = 290;
export const LANDING_MAX_WIDTH = 1200;

/**
 * The portal's name where the configuration (PRODUCT_NAME) has not been read: the build's page
 * title and manifest, and the web app until /api/config answers (issue 35: one name).
 */
export const DEFAULT_PRODUCT_NAME = 'Certified Recycling Advocate';

export const CERTIFICATE_STATUSES = ['Active', 'Inactive'] as const;
/**
 * Status shown to people: Expired is derived from validTill at read time, never stored; Revoked
 * is an admin's act on top of the status (POST /api/certificates/{id}/revoke), undone by reinstate.
 */
export const DISPLAY_STATUSES = ['Active', 'Inactive', 'Expired', 'Revoked'] as const;

/**
 * The status a verifier reads on the public page, in the words the admin and the holder read
 * (issue 35, decision 0048): the spec's Inactive is Inactive here too. Its status bit is the W3C
 * Bitstring Status List's `suspension` purpose, a term for software, not for people.
 */
export const VERIFICATION_STATUSES = ['Active', 'Expired', 'Inactive', 'Revoked'] as const;

/** Paging defaults for collections (ARCHITECTURE §4). */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

/** Upload size limits per kind of file (issue 'Member area'; ARCHITECTURE §2). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;
/** Images larger than this are refused before they are decoded (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;
