import { calendarDay } from '../../lib/dates';
import type { Mail } from '../../plugins/mail';

export const whenText = (daysLeft: number) =>
  daysLeft <= 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;

export interface ReminderFacts {
  holderName: string;
  name: string;
  certificateNo: string;
  validTill: Date;
  daysLeft: number;
}

export const reminderTitle = (c: ReminderFacts) =>
  c.daysLeft <= 0 ? `"${c.name}" expires today` : `"${c.name}" expires ${whenText(c.daysLeft)}`;

/** `progress`: what the member's continuing education still needs (issue 33), when they renew in the portal. */
export const reminderMessage = (c: ReminderFacts, progress?: string) =>
  `Your certificate "${c.name}" (No ${c.certificateNo}) is valid until ${calendarDay(c.validTill)}. Renew it before then to stay certified.${progress ? ` ${progress}` : ''}`;

/** Issue 15: the renewal reminder, with RFC 8058's one-click unsubscribe in its headers. */
export const reminderMail = (
  to: string,
  c: ReminderFacts,
  links: { renewal: string; certificates: string; unsubscribe: string },
  progress?: string,
): Mail => ({
  to,
  // Plain ASCII, no quotes: a subject with them is sent as an encoded word, unreadable in raw headers.
  subject: `Renewal reminder: ${c.name} expires ${whenText(c.daysLeft)}`,
  text: `Hello ${c.holderName || 'there'},

Your certificate "${c.name}" (No ${c.certificateNo}) is valid until ${calendarDay(c.validTill)}.
${progress ? `\n${progress}\n` : ''}
Renew it here: ${links.renewal}

Your certificates in the portal: ${links.certificates}

You get this reminder because renewal reminders are on in your profile. To stop them by e-mail
(you will still see them in the portal), switch them off in your profile, or open: ${links.unsubscribe}`,
  headers: {
    'List-Unsubscribe': `<${links.unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});
