import type { Mail } from '../../plugins/mail';

const greeting = (name: string) => `Hello ${name || 'there'},`;

export const revokedMail = (
  to: string,
  c: { name: string; certificateNo: string; holderName: string },
  reason: string,
  verificationUrl: string,
  supportEmail: string,
): Mail => ({
  to,
  subject: `Your certificate ${c.certificateNo} was revoked`,
  text: `${greeting(c.holderName)}

The board has revoked your certificate "${c.name}" (No ${c.certificateNo}).

Reason: ${reason}

Anyone who checks it at ${verificationUrl} now sees it as revoked.
If you think this is a mistake, write to ${supportEmail}.`,
});

export const reinstatedMail = (
  to: string,
  c: { name: string; certificateNo: string; holderName: string },
  verificationUrl: string,
): Mail => ({
  to,
  subject: `Your certificate ${c.certificateNo} was reinstated`,
  text: `${greeting(c.holderName)}

The board has reinstated your certificate "${c.name}" (No ${c.certificateNo}): it is no longer revoked.

Anyone who checks it at ${verificationUrl} sees its current status.`,
});

/** Decision 0037: a change the board made issued a new copy; the one the holder downloaded no longer verifies. */
export const newCopyMail = (
  to: string,
  c: { name: string; certificateNo: string; holderName: string },
  certificatesUrl: string,
): Mail => ({
  to,
  subject: `Download your updated certificate ${c.certificateNo}`,
  text: `${greeting(c.holderName)}

The board has updated your certificate "${c.name}" (No ${c.certificateNo}), so it has been signed again.

A credential file you downloaded before this change no longer verifies. Download the new one from
My certificates (${certificatesUrl}) and replace the old one wherever you keep it, such as a
digital wallet. Your verification link and QR code have not changed.`,
});
