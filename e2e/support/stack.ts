/**
 * The stack the browser tests drive: an SMTP capture (every mail written as JSON to MAIL_DIR)
 * and the built server on a fresh embedded database, sending its mail to that capture.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const work = process.env.E2E_WORK_DIR!;
const mailDir = path.join(work, 'mail');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });

let sequence = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const file = path.join(mailDir, `${Date.now()}-${String(++sequence).padStart(5, '0')}.json`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ to, raw }));
      fs.renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: path.join(work, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    DEMO_DATA: 'off',
    SIGNUP_POLICY: 'registry',
    // Tests send X-Forwarded-For (support/test.ts) so the per-IP limits see one client per test:
    // each test plays the one trusted proxy, whose entry is the client (issue 30, F13).
    TRUST_PROXY: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});
server.on('exit', (code) => {
  smtp.close();
  // Nothing of the run stays behind: its database, uploads and mail go with it.
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(code ?? 0);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill('SIGTERM'));
}

/*
 * Playwright starts this stack in a process group of its own, so a Ctrl-C in the terminal does not
 * reach it, and Playwright stops it on its way out. When Playwright is killed instead, this
 * process is handed to another parent: it then stops the server itself, rather than staying
 * behind for the next run to meet.
 */
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 500).unref();
