import type { Mail } from '../../plugins/mail';

/** Issue 19: an admin took away the account's second factor; its owner hears of it here. */
export const factorsResetMail = (to: string, name: string, supportEmail: string): Mail => ({
  to,
  subject: 'Your two-factor sign-in was reset',
  text: `Hello ${name},

An administrator of the Certified Recycling Advocate portal has just reset the two-factor sign-in
of your account: your authenticator app and your recovery codes no longer work, and every
signed-in session was ended. Sign in with your password and set up two-factor sign-in again.

If you did not ask for this, write to ${supportEmail} at once.`,
});
