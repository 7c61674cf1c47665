import { greeting, type Words } from '../../lib/i18n';
import type { Mail } from '../../plugins/mail';

/** Issue 19: an admin took away the account's second factor; its owner hears of it here. */
export const factorsResetMail = (
  words: Words,
  to: string,
  name: string,
  supportEmail: string,
  product: string,
): Mail => ({
  to,
  subject: words.t('mail.factorsReset.subject'),
  text: words.t('mail.factorsReset.text', { greeting: greeting(words, name), product, supportEmail }),
});

/** What a factor change was, as the owner's mail names it (issue 30, F1). */
export interface FactorChange {
  change: 'added' | 'removed';
  /** The factor: an authenticator app, or a passkey by the name its owner gave it. */
  factor: { app: true } | { passkey: string };
  /** A sentence more: new recovery codes came with it, or two-factor sign-in is off. */
  more?: 'newCodes' | 'off';
}

/**
 * Issue 30 (F1): every change to the account's sign-in factors is told to its owner, with the time
 * and what to do if it was not them, so that a factor added with a stolen session does not go
 * unnoticed (it cannot step up for NEW_FACTOR_HOLD_MINUTES meanwhile). In the owner's language.
 */
export function factorChangedMail(
  words: Words,
  to: string,
  name: string,
  change: FactorChange,
  at: Date,
  { appUrl, supportEmail }: { appUrl: string; supportEmail: string },
): Mail {
  const factor =
    'passkey' in change.factor
      ? words.t('mail.factor.passkey', { name: change.factor.passkey })
      : words.t('mail.factor.app');
  const what = words.t('mail.factor.what', { change: change.change, factor, when: words.moment(at) });
  const more =
    change.more === 'newCodes'
      ? words.t('mail.factor.newCodes')
      : change.more === 'off'
        ? words.t('mail.factor.off')
        : '';
  return {
    to,
    subject: words.t('mail.factor.subject', { change: change.change }),
    text: words.t('mail.factor.text', {
      greeting: greeting(words, name),
      what: more ? `${what} ${more}` : what,
      resetUrl: `${appUrl}/forgot-password`,
      supportEmail,
    }),
  };
}
