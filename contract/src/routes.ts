/**
 * Every API route with who may call it (ARCHITECTURE §5). The server refuses to start a route
 * that is not listed here, and the access tests walk this table.
 *
 * - public: anyone, signed in or not;
 * - session: signed in, e-mail verified or not;
 * - member: signed in with a verified e-mail (admins included);
 * - admin: verified administrators.
 * - mfa: a session waiting for its second factor (issue 19), or a full one (a step-up). A
 *   waiting session may call nothing else but public routes.
 * Owner rules (own certificates, own profile) are checked by the handlers on top of this.
 *
 * A public GET may also answer OPTIONS, its CORS preflight (issue 31); the server refuses an
 * OPTIONS route beside any other.
 */
/** Where resumable (tus) uploads are created; each upload lives at `{path}/{id}`. */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads/tus';

export type Access = 'public' | 'session' | 'member' | 'admin' | 'mfa';
/** HEAD and PATCH are the resumable upload protocol's (tus 1.0.0); a GET route also answers HEAD. */
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  method: Method;
  path: string;
  access: Access;
}

/** Keeps each path's literal type, so that `ApiPath` lists them and `apiPath` refuses any other. */
const r = <const P extends string>(method: Method, path: P, access: Access) =>
  ({ method, path, access }) satisfies RouteSpec;

export const ROUTES = [
  r('GET', '/api/config', 'public'),
  r('POST', '/api/auth/signup', 'public'),
  r('POST', '/api/auth/login', 'public'),
  r('POST', '/api/auth/logout', 'public'),
  r('POST', '/api/auth/forgot-password', 'public'),
  r('POST', '/api/auth/reset-password/:token', 'public'),
  r('GET', '/api/auth/check-auth', 'session'),
  r('POST', '/api/auth/verify-email', 'session'),
  r('POST', '/api/auth/resend-code', 'session'),
  // Issue 19: two-factor sign-in. Enrolment is any member's; the reset is another admin's.
  r('GET', '/api/auth/mfa', 'member'),
  r('POST', '/api/auth/mfa/totp/setup', 'member'),
  r('POST', '/api/auth/mfa/totp/enable', 'member'),
  r('POST', '/api/auth/mfa/verify', 'mfa'),
  // Passkeys (WebAuthn): enrolment and removal by the signed-in owner; the options of an
  // assertion for the second step of a sign-in or a step-up, which goes to mfa/verify.
  r('GET', '/api/auth/mfa/passkeys', 'member'),
  r('POST', '/api/auth/mfa/passkeys/registration-options', 'member'),
  r('POST', '/api/auth/mfa/passkeys', 'member'),
  r('DELETE', '/api/auth/mfa/passkeys/:id', 'member'),
  r('POST', '/api/auth/mfa/passkeys/authentication-options', 'mfa'),
  r('DELETE', '/api/users/:id/mfa', 'admin'),

  // Issue 30 (F6): what unlocks the member's drafts and outbox on a device, for their sessions only.
  r('GET', '/api/device-key', 'member'),

  r('GET', '/api/certificates/:userEmail', 'member'),
  r('GET', '/api/certificates', 'admin'),
  r('POST', '/api/certificates', 'admin'),
  r('PUT', '/api/certificates/:id', 'admin'),
  r('DELETE', '/api/certificates/:id', 'admin'),
  r('GET', '/api/certificates/:id/pdf', 'member'),
  r('GET', '/api/certificates/:id/credential', 'member'),
  // Finding F15: what the credential names its holder by; the holder's own choice (admins may set it too).
  r('PUT', '/api/certificates/:id/identifier', 'member'),
  r('POST', '/api/certificates/:id/revoke', 'admin'),
  r('POST', '/api/certificates/:id/reinstate', 'admin'),
  // Issue 31 (decision 0042): a single-use offer of the credential to the holder's wallet.
  r('POST', '/api/certificates/:id/wallet-offer', 'member'),
  // What the wallet calls: the secret in the URL is its only key (no session, any origin).
  r('GET', '/api/wallet/credentials/:token', 'public'),
  r('POST', '/api/wallet/exchanges/:token', 'public'),
  r('POST', '/api/wallet/oid4vci/token', 'public'),
  r('POST', '/api/wallet/oid4vci/credential', 'public'),

  // Anyone may check a certificate (issue 11): the facts a verifier needs, and the signed status lists.
  r('GET', '/api/verify/:verificationId', 'public'),
  r('GET', '/api/status-lists/:purpose/:list', 'public'),

  r('POST', '/api/upload-file', 'member'),
  r('POST', '/api/upload', 'member'),
  // Issue 18 part 5: resumable uploads of report media (tus 1.0.0: creation, HEAD for the offset,
  // PATCH for the bytes, DELETE to give up). Only the member who created an upload reaches it.
  r('POST', RESUMABLE_UPLOADS_PATH, 'member'),
  r('HEAD', `${RESUMABLE_UPLOADS_PATH}/:id`, 'member'),
  r('PATCH', `${RESUMABLE_UPLOADS_PATH}/:id`, 'member'),
  r('DELETE', `${RESUMABLE_UPLOADS_PATH}/:id`, 'member'),
  r('GET', '/api/files/:id', 'member'),

  r('POST', '/api/reports', 'member'),
  r('GET', '/api/reports', 'admin'),
  r('GET', '/api/reports/mine', 'member'),
  r('GET', '/api/reports/:id', 'admin'),
  r('POST', '/api/reports/:id/reveal-ssn', 'admin'),
  r('DELETE', '/api/reports/:id', 'admin'),

  r('GET', '/api/jobs', 'member'),
  r('POST', '/api/jobs', 'admin'),
  r('PUT', '/api/jobs/:id', 'admin'),
  r('DELETE', '/api/jobs/:id', 'admin'),

  r('GET', '/api/users', 'admin'),
  r('PUT', '/api/users/:id', 'member'),
  r('DELETE', '/api/users/:id', 'admin'),

  r('GET', '/api/help-content', 'member'),
  r('PUT', '/api/help-content', 'admin'),
  r('DELETE', '/api/help-content/instructions/:index', 'admin'),
  r('DELETE', '/api/help-content/contact-details/:index', 'admin'),
  r('DELETE', '/api/help-content/emails/:index', 'admin'),

  r('GET', '/api/notifications', 'member'),
  r('POST', '/api/notifications/add', 'admin'),
  r('DELETE', '/api/notifications/:id', 'admin'),

  r('GET', '/api/audit-log', 'admin'),

  // Issue 15: renewal reminders, the member's own inbox, bulk renewal.
  r('GET', '/api/settings/renewal-reminders', 'admin'),
  r('PUT', '/api/settings/renewal-reminders', 'admin'),
  // Issue 33: recertification.
  r('GET', '/api/settings/recertification', 'admin'),
  r('PUT', '/api/settings/recertification', 'admin'),
  // Issue 33: a member's continuing education and renewal application (the holder's own; the
  // state and the activities are an admin's to read too).
  r('GET', '/api/ce-activities', 'member'),
  r('POST', '/api/ce-activities', 'member'),
  r('PUT', '/api/ce-activities/:id', 'member'),
  r('DELETE', '/api/ce-activities/:id', 'member'),
  r('GET', '/api/certificates/:id/recertification', 'member'),
  r('POST', '/api/certificates/:id/renewals', 'member'),
  // Issue 33: the board's review of applications.
  r('GET', '/api/renewals', 'admin'),
  r('GET', '/api/renewals/export.csv', 'admin'),
  r('GET', '/api/renewals/:id', 'admin'),
  r('POST', '/api/renewals/audit-sample', 'admin'),
  r('POST', '/api/renewals/:id/approve', 'admin'),
  r('POST', '/api/renewals/:id/reject', 'admin'),
  r('POST', '/api/ce-activities/:id/approve', 'admin'),
  r('POST', '/api/ce-activities/:id/reject', 'admin'),
  // Issue 33: a training provider's activities from a CSV or XLSX file (multipart), all or nothing.
  r('POST', '/api/ce-activities/import', 'admin'),
  r('POST', '/api/certificates/bulk-renew', 'admin'),
  r('GET', '/api/inbox', 'member'),
  r('POST', '/api/inbox/read-all', 'member'),
  r('POST', '/api/inbox/:id/read', 'member'),
  // RFC 8058 one-click: the mail client posts without a session; the signed token is the proof.
  r('GET', '/api/reminders/unsubscribe', 'public'),
  r('POST', '/api/reminders/unsubscribe', 'public'),

  // Issue 16: each admin list as a CSV file, with the list's own search and order.
  r('GET', '/api/certificates/export.csv', 'admin'),
  r('GET', '/api/users/export.csv', 'admin'),
  r('GET', '/api/jobs/export.csv', 'admin'),
  r('GET', '/api/reports/export.csv', 'admin'),
  r('GET', '/api/audit-log/export.csv', 'admin'),
  // Issue 16: certificates from a CSV or XLSX file (multipart), upserted on their number.
  r('POST', '/api/certificates/import', 'admin'),

  // Issue 17: the HMIS CSV (FY2026) export; the download needs a reason and the admin's password.
  r('POST', '/api/exports/hmis/check', 'admin'),
  r('POST', '/api/exports/hmis', 'admin'),
  r('GET', '/api/exports/hmis', 'admin'),

  // Issue 16: the trash (decision 0017) and bulk actions on the admin lists (decision 0060).
  r('GET', '/api/trash', 'admin'),
  r('POST', '/api/trash/:type/:id/restore', 'admin'),
  r('POST', '/api/trash/restore', 'admin'),
  r('DELETE', '/api/trash/:type/:id', 'admin'),
  r('POST', '/api/bulk-delete', 'admin'),
  r('POST', '/api/certificates/bulk-status', 'admin'),
  r('POST', '/api/certificates/bulk-revoke', 'admin'),
] as const satisfies readonly RouteSpec[];

/** Every path of the table, as written there (with its `:name` segments). */
export type ApiPath = (typeof ROUTES)[number]['path'];

/** The `:name` segments of a path: `'/api/trash/:type/:id'` gives `'type' | 'id'`. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A query string's values; an undefined one is left out. */
export type ApiQuery = Readonly<Record<string, string | number | boolean | undefined>>;

/** The value of each `:name` segment of a path (nothing for a path without one). */
export type PathParams<P extends string> = [PathParamName<P>] extends [never]
  ? undefined
  : Readonly<Record<PathParamName<P>, string | number>>;

/** The arguments after the path: the segments' values are required exactly when it has some. */
type PathArgs<P extends string> = [PathParamName<P>] extends [never]
  ? [params?: undefined, query?: ApiQuery]
  : [params: PathParams<P>, query?: ApiQuery];

/**
 * The URL of a route of the table: each `:name` segment replaced by its value, encoded, and the
 * query (values that are undefined left out) appended. The web app builds every API URL here, so
 * that a path the server does not serve is a type error (lint forbids an '/api…' literal).
 */
export function apiPath<P extends ApiPath>(path: P, ...[params, query]: PathArgs<P>): string {
  const values: Readonly<Record<string, string | number>> = params ?? {};
  const filled = path.replace(/:([A-Za-z]+)/g, (segment, name: string) => {
    if (values[name] === undefined) throw new Error(path + segment);
    return encodeURIComponent(values[name]);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  const qs = `${search}`;
  return qs ? `${filled}?${qs}` : filled;
}
