import { VERIFICATION_CODE_TTL_MINUTES } from '@portal/contract';
import { greeting, type Words } from '../../lib/i18n';
import type { Mail } from '../../plugins/mail';

/** Issue 34: every mail is in its reader's language (their profile's, or the request's before sign-up). */

export const verificationMail = (words: Words, to: string, name: string, code: string, product: string): Mail => ({
  to,
  subject: words.t('mail.verification.subject'),
  text: words.t('mail.verification.text', {
    greeting: greeting(words, name),
    product,
    code,
    minutes: VERIFICATION_CODE_TTL_MINUTES,
  }),
});

export const resetMail = (words: Words, to: string, name: string, link: string, product: string): Mail => ({
  to,
  subject: words.t('mail.reset.subject'),
  text: words.t('mail.reset.text', { greeting: greeting(words, name), product, link }),
});

export const passwordChangedMail = (
  words: Words,
  to: string,
  name: string,
  supportEmail: string,
  product: string,
): Mail => ({
  to,
  subject: words.t('mail.passwordChanged.subject'),
  text: words.t('mail.passwordChanged.text', { greeting: greeting(words, name), product, supportEmail }),
});

/** Issue 12: sign-up answers a taken address like any refused one; its owner hears of it here. */
export const signupAttemptMail = (words: Words, to: string, name: string, appUrl: string, product: string): Mail => ({
  to,
  subject: words.t('mail.signupAttempt.subject'),
  text: words.t('mail.signupAttempt.text', {
    greeting: greeting(words, name),
    product,
    loginUrl: `${appUrl}/login`,
    resetUrl: `${appUrl}/forgot-password`,
  }),
});
