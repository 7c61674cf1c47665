import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Random ports per run so that several runs on one machine do not collide; set once in the
// main process, inherited by the workers.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_WORK_DIR ??= path.join(os.tmpdir(), `portal-e2e-${process.env.E2E_PORT}`);

export const BASE_URL = `http://localhost:${process.env.E2E_PORT}`;
/**
 * How long to wait for a state that takes a heavy page (the 128-question intake form) or the
 * server's background work to reach: a bound for a hang, not a measure of speed, so it is sized
 * for a machine that is busy with other work (issue 36), where everything runs several times slower.
 */
/**
 * The browser: CHROMIUM_PATH, else Debian's binary itself rather than its /usr/bin/chromium
 * wrapper, whose default flags (/etc/chromium.d) turn on GPU rasterization, which a headless run
 * without a GPU emulates in SwiftShader, and load the system's extensions. Measured on a 2-core
 * machine, 14 tests of the suite: 8.5 min through the wrapper, 7.3 min with the binary.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium');

export const SLOW_STATE = { timeout: 90_000 };
export const MAIL_DIR = path.join(process.env.E2E_WORK_DIR, 'mail');
export const ADMIN = {
  email: 'e2e.admin@example.org',
  password: 'Admin-Lantern-Orchard-42',
  name: 'Erin Admin',
};
process.env.ADMIN_EMAIL = ADMIN.email;
process.env.ADMIN_PASSWORD = ADMIN.password;
process.env.ADMIN_NAME = ADMIN.name;
