import type { Mail } from '../../plugins/mail';

/** Issue 19: an admin took away the account's second factor; its owner hears of it here. */
export const factorsResetMail = (to: string, name: string, supportEmail: string, product: string): Mail => ({
  to,
  subject: 'Your two-factor sign-in was reset',
  text: `Hello ${name},

An administrator of the ${product} portal has just reset the two-factor sign-in of your
account: your authenticator app and your recovery codes no longer work, and every
signed-in session was ended. Sign in with your password and set up two-factor sign-in again.

If you did not ask for this, write to ${supportEmail} at once.`,
});

/** What a factor change was, as the owner's mail names it (issue 30, F1). */
export interface FactorChange {
  change: 'added' | 'removed';
  /** The factor in words: `an authenticator app`, `the passkey “Work laptop”`. */
  factor: string;
  /** A sentence more: new recovery codes came with it, or two-factor sign-in is off. */
  more?: string;
}

/**
 * Issue 30 (F1): every change to the account's sign-in factors is told to its owner, with the time
 * and what to do if it was not them, so that a factor added with a stolen session does not go
 * unnoticed (it cannot step up for NEW_FACTOR_HOLD_MINUTES meanwhile).
 */
export function factorChangedMail(
  to: string,
  name: string,
  change: FactorChange,
  at: Date,
  { appUrl, supportEmail }: { appUrl: string; supportEmail: string },
): Mail {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
  const where = change.change === 'added' ? 'added to' : 'removed from';
  const what = `A sign-in factor, ${change.factor}, was ${where} your account on ${when}.`;
  return {
    to,
    subject: `A sign-in factor was ${where} your account`,
    text: `Hello ${name},

${[what, change.more].filter(Boolean).join(' ')}

If this was you, there is nothing to do.

If it was not you, someone may be using your signed-in session:
1. Choose a new password at ${appUrl}/forgot-password: this ends every session.
2. Write to ${supportEmail}, so that an administrator resets your two-factor sign-in.`,
  };
}
