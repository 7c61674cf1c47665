/**
 * Who gets what (issue 7, ARCHITECTURE §5): every route of the contract's route table, called
 * by each kind of caller, and the status it must answer. access-matrix.test.ts checks every cell
 * and fails when a route of `ROUTES` has no row here (or a row names a route that is gone).
 *
 * Columns: [guest, unverified, member A, member B, admin, pending]. Member A owns the records the
 * request is about (their certificate, report, upload, profile); member B is another verified
 * member; pending is an admin with a second factor who gave the password and not yet the code
 * (issue 19): nothing but public routes and the second step.
 *
 * A key is 'METHOD /path' exactly as in `ROUTES`, optionally followed by '#case' when one route
 * is checked on several kinds of record. Adding a route is one line here; the test calls it with
 * every `:param` set to a random uuid and no body unless access-matrix.test.ts has a request for
 * it (add one there when the route needs a real record or body to answer its success status).
 */
export const CALLERS = ['guest', 'unverified', 'memberA', 'memberB', 'admin', 'pending'] as const;
export type Caller = (typeof CALLERS)[number];
export type Row = readonly [
  guest: number,
  unverified: number,
  memberA: number,
  memberB: number,
  admin: number,
  pending: number,
];

export const ACCESS_MATRIX: Record<string, Row> = {
  'GET /api/config': [200, 200, 200, 200, 200, 200],
  'POST /api/auth/signup': [201, 201, 201, 201, 201, 201],
  'POST /api/auth/login': [200, 200, 200, 200, 200, 200],
  'POST /api/auth/logout': [200, 200, 200, 200, 200, 200],
  'POST /api/auth/forgot-password': [200, 200, 200, 200, 200, 200],
  'POST /api/auth/reset-password/:token': [200, 200, 200, 200, 200, 200],
  'GET /api/auth/check-auth': [401, 200, 200, 200, 200, 401],
  'POST /api/auth/verify-email': [401, 200, 200, 200, 200, 401],
  'POST /api/auth/resend-code': [401, 200, 200, 200, 200, 401],
  'GET /api/auth/mfa': [401, 403, 200, 200, 200, 401],
  'POST /api/auth/mfa/totp/setup': [401, 403, 200, 200, 200, 401],
  'POST /api/auth/mfa/totp/enable': [401, 403, 200, 200, 200, 401],
  // The second step of a sign-in (pending), or a step-up with the password (every full session).
  'POST /api/auth/mfa/verify': [401, 200, 200, 200, 200, 200],
  'DELETE /api/users/:id/mfa': [401, 403, 403, 403, 200, 401],
  // Passkeys: enrolment is the signed-in owner's; a pending session reaches only the assertion's options.
  'GET /api/auth/mfa/passkeys': [401, 403, 200, 200, 200, 401],
  'POST /api/auth/mfa/passkeys/registration-options': [401, 403, 200, 200, 200, 401],
  'POST /api/auth/mfa/passkeys': [401, 403, 201, 201, 201, 401],
  // Member A's passkey: only member A removes it; anyone else is told it is not there.
  'DELETE /api/auth/mfa/passkeys/:id': [401, 403, 200, 404, 404, 401],
  'POST /api/auth/mfa/passkeys/authentication-options': [401, 200, 200, 200, 200, 200],

  'GET /api/certificates/:userEmail': [401, 403, 200, 403, 200, 401],
  'GET /api/certificates': [401, 403, 403, 403, 200, 401],
  'POST /api/certificates': [401, 403, 403, 403, 201, 401],
  'PUT /api/certificates/:id': [401, 403, 403, 403, 200, 401],
  'DELETE /api/certificates/:id': [401, 403, 403, 403, 204, 401],
  'GET /api/certificates/:id/pdf': [401, 403, 200, 403, 200, 401],
  'GET /api/certificates/:id/credential': [401, 403, 200, 403, 200, 401],
  // Finding F15: the holder's choice of identifier in the credential; admins may set it too.
  'PUT /api/certificates/:id/identifier': [401, 403, 200, 403, 200, 401],
  'POST /api/certificates/:id/revoke': [401, 403, 403, 403, 200, 401],
  'POST /api/certificates/:id/reinstate': [401, 403, 403, 403, 200, 401],
  // Decision 0042: the holder's (or an admin's) offer to a wallet; the wallet's fetch needs only its secret.
  'POST /api/certificates/:id/wallet-offer': [401, 403, 201, 403, 201, 401],
  'GET /api/wallet/credentials/:token': [200, 200, 200, 200, 200, 200],
  'POST /api/wallet/exchanges/:token': [200, 200, 200, 200, 200, 200],
  'POST /api/wallet/oid4vci/token': [200, 200, 200, 200, 200, 200],
  'POST /api/wallet/oid4vci/credential': [200, 200, 200, 200, 200, 200],
  'GET /api/verify/:verificationId': [200, 200, 200, 200, 200, 200],
  'GET /api/status-lists/:purpose/:list': [200, 200, 200, 200, 200, 200],

  'POST /api/upload-file#image': [401, 403, 201, 201, 201, 401],
  // A PDF is any member's (the evidence of continuing education, issue 33); a Word document an admin's.
  'POST /api/upload-file#document': [401, 403, 201, 201, 201, 401],
  'POST /api/upload-file#word': [401, 403, 403, 403, 201, 401],
  'POST /api/upload': [401, 403, 201, 201, 201, 401],
  // Issue 18 part 5: resumable uploads. Only the member who created one reaches it: anyone
  // else, an admin too, is told it does not exist.
  'POST /api/uploads/tus': [401, 403, 201, 201, 201, 401],
  'HEAD /api/uploads/tus/:id': [401, 403, 200, 404, 404, 401],
  'PATCH /api/uploads/tus/:id': [401, 403, 204, 404, 404, 401],
  'DELETE /api/uploads/tus/:id': [401, 403, 204, 404, 404, 401],
  'GET /api/files/:id#unattached-upload': [401, 403, 200, 403, 200, 401],
  'GET /api/files/:id#report-image': [401, 403, 200, 403, 200, 401],
  'GET /api/files/:id#certificate-document': [401, 403, 200, 403, 200, 401],
  'GET /api/files/:id#profile-picture': [401, 403, 200, 200, 200, 401],

  'POST /api/reports': [401, 403, 201, 201, 201, 401],
  'GET /api/reports': [401, 403, 403, 403, 200, 401],
  // Issue 35: "My reports" answers each verified caller their own (reports.test.ts checks whose).
  'GET /api/reports/mine': [401, 403, 200, 200, 200, 401],
  'GET /api/reports/:id': [401, 403, 403, 403, 200, 401],
  'POST /api/reports/:id/reveal-ssn': [401, 403, 403, 403, 200, 401],
  'DELETE /api/reports/:id': [401, 403, 403, 403, 200, 401],

  'GET /api/jobs': [401, 403, 200, 200, 200, 401],
  'POST /api/jobs': [401, 403, 403, 403, 201, 401],
  'PUT /api/jobs/:id': [401, 403, 403, 403, 200, 401],
  'DELETE /api/jobs/:id': [401, 403, 403, 403, 200, 401],

  'GET /api/users': [401, 403, 403, 403, 200, 401],
  'PUT /api/users/:id': [401, 403, 200, 403, 200, 401],
  'DELETE /api/users/:id': [401, 403, 403, 403, 204, 401],

  'GET /api/help-content': [401, 403, 200, 200, 200, 401],
  'PUT /api/help-content': [401, 403, 403, 403, 200, 401],
  'DELETE /api/help-content/instructions/:index': [401, 403, 403, 403, 200, 401],
  'DELETE /api/help-content/contact-details/:index': [401, 403, 403, 403, 200, 401],
  'DELETE /api/help-content/emails/:index': [401, 403, 403, 403, 200, 401],

  'GET /api/notifications': [401, 403, 200, 200, 200, 401],
  'POST /api/notifications/add': [401, 403, 403, 403, 201, 401],
  'DELETE /api/notifications/:id': [401, 403, 403, 403, 200, 401],

  'GET /api/audit-log': [401, 403, 403, 403, 200, 401],

  'GET /api/settings/renewal-reminders': [401, 403, 403, 403, 200, 401],
  'PUT /api/settings/renewal-reminders': [401, 403, 403, 403, 200, 401],
  'GET /api/settings/recertification': [401, 403, 403, 403, 200, 401],
  'PUT /api/settings/recertification': [401, 403, 403, 403, 200, 401],
  // Issue 33: member A's certificate and activities; member B learns nothing of them (404). An
  // admin reads them, and logs or applies for nobody.
  'GET /api/ce-activities': [401, 403, 200, 404, 200, 401],
  'POST /api/ce-activities': [401, 403, 201, 404, 404, 401],
  'PUT /api/ce-activities/:id': [401, 403, 200, 404, 404, 401],
  'DELETE /api/ce-activities/:id': [401, 403, 200, 404, 404, 401],
  'GET /api/certificates/:id/recertification': [401, 403, 200, 404, 200, 401],
  'POST /api/certificates/:id/renewals': [401, 403, 201, 404, 404, 401],
  'GET /api/renewals': [401, 403, 403, 403, 200, 401],
  'GET /api/renewals/export.csv': [401, 403, 403, 403, 200, 401],
  'GET /api/renewals/:id': [401, 403, 403, 403, 200, 401],
  'POST /api/renewals/audit-sample': [401, 403, 403, 403, 200, 401],
  'POST /api/renewals/:id/approve': [401, 403, 403, 403, 200, 401],
  'POST /api/renewals/:id/reject': [401, 403, 403, 403, 200, 401],
  'POST /api/ce-activities/:id/approve': [401, 403, 403, 403, 200, 401],
  'POST /api/ce-activities/:id/reject': [401, 403, 403, 403, 200, 401],
  'POST /api/ce-activities/import': [401, 403, 403, 403, 200, 401],
  'POST /api/certificates/bulk-renew': [401, 403, 403, 403, 200, 401],
  'GET /api/certificates/export.csv': [401, 403, 403, 403, 200, 401],
  'GET /api/users/export.csv': [401, 403, 403, 403, 200, 401],
  'GET /api/jobs/export.csv': [401, 403, 403, 403, 200, 401],
  'GET /api/reports/export.csv': [401, 403, 403, 403, 200, 401],
  'GET /api/audit-log/export.csv': [401, 403, 403, 403, 200, 401],
  'POST /api/certificates/import': [401, 403, 403, 403, 200, 401],
  'POST /api/exports/hmis/check': [401, 403, 403, 403, 200, 401],
  'POST /api/exports/hmis': [401, 403, 403, 403, 200, 401],
  'GET /api/exports/hmis': [401, 403, 403, 403, 200, 401],
  // Member A's own item: anyone else's read is not found (never another member's inbox).
  // Issue 30 (F6): each member gets their own; a waiting session gets nothing.
  'GET /api/device-key': [401, 403, 200, 200, 200, 401],
  'GET /api/inbox': [401, 403, 200, 200, 200, 401],
  'POST /api/inbox/read-all': [401, 403, 200, 200, 200, 401],
  'POST /api/inbox/:id/read': [401, 403, 200, 404, 404, 401],
  // The signed token is the proof (RFC 8058 one-click): no session needed.
  'GET /api/reminders/unsubscribe': [200, 200, 200, 200, 200, 200],
  'POST /api/reminders/unsubscribe': [200, 200, 200, 200, 200, 200],
  // Issue 16: the trash and bulk actions, admins only; a bulk delete needs a step-up (issue 19).
  'GET /api/trash': [401, 403, 403, 403, 200, 401],
  'POST /api/trash/:type/:id/restore': [401, 403, 403, 403, 200, 401],
  'POST /api/trash/restore': [401, 403, 403, 403, 200, 401],
  'DELETE /api/trash/:type/:id': [401, 403, 403, 403, 204, 401],
  'POST /api/bulk-delete': [401, 403, 403, 403, 200, 401],
  'POST /api/certificates/bulk-status': [401, 403, 403, 403, 200, 401],
  'POST /api/certificates/bulk-revoke': [401, 403, 403, 403, 200, 401],
};
