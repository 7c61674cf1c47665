import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  port: number;
  url: string;
  mails: CapturedMail[];
  /** While true, every message is refused with a temporary error (a relay outage). */
  refusing: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on a random loopback port that keeps what it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const capture = { mails, refusing: false } as SmtpCapture;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (capture.refusing) {
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          callback(err);
          return;
        }
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  capture.port = port;
  capture.url = `smtp://127.0.0.1:${port}`;
  capture.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return capture;
}

/** The text of a captured mail with quoted-printable soft line breaks undone. */
export const mailText = (mail: CapturedMail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
