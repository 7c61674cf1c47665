import { greeting, type Words } from '../../lib/i18n';
import type { Mail } from '../../plugins/mail';

/** Issue 34: a reminder is in its holder's language, the inbox item as well as the mail. */

export interface ReminderFacts {
  holderName: string;
  name: string;
  certificateNo: string;
  validTill: Date;
  daysLeft: number;
}

/** Today (0 or fewer days left), tomorrow or in N days, by the language's plural rules. */
const days = (c: ReminderFacts) => Math.max(0, c.daysLeft);

export const reminderTitle = (words: Words, c: ReminderFacts) =>
  words.t('reminder.title', { name: c.name, days: days(c) });

/** `progress`: what the member's continuing education still needs (issue 33), when they renew in the portal. */
export const reminderMessage = (words: Words, c: ReminderFacts, progress?: string) => {
  const message = words.t('reminder.message', {
    name: c.name,
    certificateNo: c.certificateNo,
    validTill: words.day(c.validTill),
  });
  return progress ? `${message} ${progress}` : message;
};

/** Issue 15: the renewal reminder, with RFC 8058's one-click unsubscribe in its headers. */
export const reminderMail = (
  words: Words,
  to: string,
  c: ReminderFacts,
  links: { renewal: string; certificates: string; unsubscribe: string },
  progress?: string,
): Mail => ({
  to,
  // No quotes: a subject with them is sent as an encoded word, unreadable in raw headers.
  subject: words.t('reminder.subject', { name: c.name, days: days(c) }),
  text: words.t('reminder.text', {
    greeting: greeting(words, c.holderName),
    name: c.name,
    certificateNo: c.certificateNo,
    validTill: words.day(c.validTill),
    progress: progress ? `\n${progress}\n` : '',
    ...links,
  }),
  headers: {
    'List-Unsubscribe': `<${links.unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});
