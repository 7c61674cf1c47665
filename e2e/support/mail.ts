import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MAIL_DIR, SLOW_STATE } from './env';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

function decode(raw: string): CapturedMail & { to: string[] } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    // The escapes are UTF-8 bytes: gathered as bytes, then read as UTF-8 ("Lucía", not "LucÃ­a").
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { to: [], subject, text: body };
}

function mailsTo(address: string): CapturedMail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, f), 'utf8')) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(address.toLowerCase()))
    .map((m) => ({ ...decode(m.raw), to: m.to }));
}

/** Waits for the newest mail to `address` whose subject matches, as it reached the SMTP capture. */
export async function waitForMail(address: string, subject: RegExp, after = 0): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address)
          .filter((m) => subject.test(m.subject))
          .at(after === 0 ? -1 : after - 1);
        return Boolean(found);
      },
      { ...SLOW_STATE, message: `a mail to ${address} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

export const countMails = (address: string, subject: RegExp) =>
  mailsTo(address).filter((m) => subject.test(m.subject)).length;
