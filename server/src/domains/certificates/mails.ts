import { greeting, type Words } from '../../lib/i18n';
import type { Mail } from '../../plugins/mail';

/** What the holder's mails say of the certificate; in the holder's language (issue 34). */
interface Held {
  name: string;
  certificateNo: string;
  holderName: string;
}

const about = (words: Words, c: Held) => ({
  greeting: greeting(words, c.holderName),
  name: c.name,
  certificateNo: c.certificateNo,
});

export const revokedMail = (
  words: Words,
  to: string,
  c: Held,
  reason: string,
  verificationUrl: string,
  supportEmail: string,
): Mail => ({
  to,
  subject: words.t('mail.revoked.subject', { certificateNo: c.certificateNo }),
  text: words.t('mail.revoked.text', { ...about(words, c), reason, verificationUrl, supportEmail }),
});

export const reinstatedMail = (words: Words, to: string, c: Held, verificationUrl: string): Mail => ({
  to,
  subject: words.t('mail.reinstated.subject', { certificateNo: c.certificateNo }),
  text: words.t('mail.reinstated.text', { ...about(words, c), verificationUrl }),
});

/** Decision 0037: a change the board made issued a new copy; the one the holder downloaded no longer verifies. */
export const newCopyMail = (words: Words, to: string, c: Held, certificatesUrl: string): Mail => ({
  to,
  subject: words.t('mail.newCopy.subject', { certificateNo: c.certificateNo }),
  text: words.t('mail.newCopy.text', { ...about(words, c), certificatesUrl }),
});
