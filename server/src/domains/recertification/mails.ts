import type { Mail } from '../../plugins/mail';

/** What the mails of a renewal say about the certificate. */
interface Renewed {
  name: string;
  certificateNo: string;
  holderName: string;
}

const greeting = (name: string) => `Hello ${name || 'there'},`;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Issue 33: the board approved the renewal; the renewed credential is on the member's page. */
export const renewedMail = (to: string, c: Renewed, validTill: Date, certificatesUrl: string): Mail => ({
  to,
  subject: `Your certificate ${c.certificateNo} was renewed`,
  text: `${greeting(c.holderName)}

The board approved your renewal of "${c.name}" (No ${c.certificateNo}). It is now valid till ${day(validTill)}.

Download the renewed credential from My certificates (${certificatesUrl}) and replace the old one
wherever you keep it, such as a digital wallet. Your verification link and QR code have not changed.`,
});

/** Issue 33: the board rejected the application, or returned it for more hours. */
export const renewalDecisionMail = (
  to: string,
  c: Renewed,
  decision: 'Rejected' | 'Returned',
  reason: string,
  renewalUrl: string,
): Mail => ({
  to,
  subject:
    decision === 'Rejected'
      ? `Your renewal of certificate ${c.certificateNo} was not approved`
      : `Your renewal of certificate ${c.certificateNo} needs more continuing education`,
  text: `${greeting(c.holderName)}

${
  decision === 'Rejected'
    ? `The board did not approve your renewal of "${c.name}" (No ${c.certificateNo}).`
    : `The board returned your renewal of "${c.name}" (No ${c.certificateNo}): after its review, the hours no longer meet the rules.`
}

Reason: ${reason}

See your continuing education and apply again at ${renewalUrl}.`,
});
