import { greeting, type Words } from '../../lib/i18n';
import type { Mail } from '../../plugins/mail';

/** What the mails of a renewal say about the certificate. */
interface Renewed {
  name: string;
  certificateNo: string;
  holderName: string;
}

/** Issue 33: the board approved the renewal; the renewed credential is on the member's page. */
export const renewedMail = (words: Words, to: string, c: Renewed, validTill: Date, certificatesUrl: string): Mail => ({
  to,
  subject: words.t('mail.renewed.subject', { certificateNo: c.certificateNo }),
  text: words.t('mail.renewed.text', {
    greeting: greeting(words, c.holderName),
    name: c.name,
    certificateNo: c.certificateNo,
    validTill: words.day(validTill),
    certificatesUrl,
  }),
});

/** Issue 33: the board rejected the application, or returned it for more hours. */
export const renewalDecisionMail = (
  words: Words,
  to: string,
  c: Renewed,
  decision: 'Rejected' | 'Returned',
  reason: string,
  renewalUrl: string,
): Mail => ({
  to,
  subject: words.t('mail.renewalDecision.subject', { decision, certificateNo: c.certificateNo }),
  text: words.t('mail.renewalDecision.text', {
    greeting: greeting(words, c.holderName),
    decision,
    name: c.name,
    certificateNo: c.certificateNo,
    reason,
    renewalUrl,
  }),
});
