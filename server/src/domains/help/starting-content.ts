import type { HelpLists } from '@portal/contract';
import type { Config } from '../../config';

/**
 * What the help page says until an admin edits it (issue 35): how the portal is used, and the
 * board's own name and addresses from the configuration. The spec's placeholders (spec §9) stay
 * what the page shows while it loads; they are not content a member should read.
 */
export function startingHelpContent(
  config: Pick<Config, 'boardName' | 'supportEmail' | 'boardContactEmail'>,
): HelpLists {
  return {
    instructions: [
      'To sign up, use the e-mail and the certificate number you registered with the board. The number is printed on your certificate after “No”.',
      'Certificates lists each of your certificates with its status and the day it ends. Verify & share gives a link and a QR code that anyone can check.',
      'Before a certificate ends you get a reminder, by e-mail and under the bell. Renew Now opens the board’s renewal page.',
      'Report files a street-outreach intake report, one section a screen. Your answers stay on this device as a draft; without a connection the report waits in the outbox and is sent once you are back online.',
      'Profile changes your name, picture and password. Two-factor sign-in adds a code or a passkey to your password.',
    ],
    contactDetails: [config.boardName, `Write to ${config.supportEmail}: we answer on working days.`],
    emails: [...new Set([config.supportEmail, config.boardContactEmail])],
  };
}
