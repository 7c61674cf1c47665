import { normalizeEmail } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { certificates, jobs, notifications, users } from './db/schema';
import { countUsers, insertHelpContentOnce, insertRows, liveUserIdByEmail } from './db/seed';
import { startingHelpContent } from './domains/help';
import { hashPassword } from './lib/passwords';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: create this verified admin when no user has that e-mail. The log
 * says that the administrator exists, by id, never the address (issue 30, F11: start-up lines go
 * wherever the platform ships its logs).
 */
export async function ensureAdmin(db: Db, config: Config, log: FastifyBaseLogger) {
  if (!config.admin) return;
  const email = normalizeEmail(config.admin.email);
  const existing = await liveUserIdByEmail(db, email);
  if (existing) {
    log.info({ userId: existing }, 'administrator of ADMIN_EMAIL already exists');
    return;
  }
  const [created] = await insertRows(db, users, [
    {
      email,
      name: config.admin.name,
      passwordHash: await hashPassword(config.admin.password),
      isAdmin: true,
      isVerified: true,
    },
  ]);
  log.info({ userId: created!.id }, 'administrator created from ADMIN_EMAIL');
}

/** The help page starts with real content (issue 35), until an admin edits it. */
export async function ensureHelpContent(db: Db, config: Config) {
  await insertHelpContentOnce(db, startingHelpContent(config));
}

export const DEMO_LOGINS = {
  admin: { email: 'admin@demo.recycling-board.example', password: 'Demo-Admin-Portal-2026' },
  member: { email: 'member@demo.recycling-board.example', password: 'Demo-Member-Portal-2026' },
} as const;

/**
 * DEMO_DATA (ARCHITECTURE §3): on by default for an empty embedded database outside
 * production. Returns the logins to print, or nothing when it seeded nothing.
 */
export async function seedDemoData(db: Db, config: Config) {
  const enabled = config.demoData ?? (!config.production && !config.databaseUrl);
  if (!enabled || config.production) return undefined;
  if ((await countUsers(db)) > (config.admin ? 1 : 0)) return undefined;

  const day = 24 * 60 * 60 * 1000;
  const inDays = (n: number) => new Date(Date.now() + n * day);
  await db.transaction(async (tx) => {
    const [, member] = await insertRows(tx, users, [
      {
        email: DEMO_LOGINS.admin.email,
        name: 'Dana Admin',
        passwordHash: await hashPassword(DEMO_LOGINS.admin.password),
        certificateNo: 'CRA-1000',
        job: 'Board administrator',
        isAdmin: true,
        isVerified: true,
      },
      {
        email: DEMO_LOGINS.member.email,
        name: 'Morgan Member',
        passwordHash: await hashPassword(DEMO_LOGINS.member.password),
        certificateNo: 'CRA-2001',
        job: 'Recycling advocate',
        age: 34,
        address: { area: 'Downtown', state: 'OR', country: 'United States', postalCode: '97201' },
        isVerified: true,
      },
    ]);
    // Each awarded a two-year cycle before its validTill (the default rules), as a board's records read.
    const held = { holderId: member!.id, claimedAt: new Date(), holderName: member!.name };
    await insertRows(tx, certificates, [
      {
        userEmail: DEMO_LOGINS.member.email,
        certificateNo: 'CRA-2001',
        ...held,
        name: 'Certified Recycling Advocate',
        validTill: inDays(20),
        awardedOn: inDays(20 - 730),
      },
      {
        userEmail: DEMO_LOGINS.member.email,
        certificateNo: 'CRA-2002',
        ...held,
        name: 'Hazardous Waste Handling',
        validTill: inDays(400),
        awardedOn: inDays(400 - 730),
      },
      {
        userEmail: DEMO_LOGINS.member.email,
        certificateNo: 'CRA-1999',
        ...held,
        name: 'Composting Basics',
        validTill: inDays(-30),
        awardedOn: inDays(-30 - 730),
      },
      // A certificate on record with no account yet: sign up with this e-mail and number.
      {
        userEmail: 'new.member@demo.recycling-board.example',
        certificateNo: 'CRA-3001',
        name: 'Certified Recycling Advocate',
        validTill: inDays(365),
      },
    ]);
    await insertRows(tx, jobs, [
      {
        title: 'Community Recycling Coordinator',
        company: 'Green City Services',
        location: 'Portland, OR',
        description: 'Run neighbourhood recycling drives and train volunteers.',
        applyLink: 'https://jobs.example.org/recycling-coordinator',
      },
      {
        title: 'Outreach Specialist',
        company: 'Harbor Housing Alliance',
        location: 'Seattle, WA',
        description: 'Meet people experiencing homelessness and connect them with services.',
        applyLink: 'https://jobs.example.org/outreach-specialist',
      },
    ]);
    await insertRows(tx, notifications, [
      {
        title: 'Welcome to the portal',
        message: 'Your certificates, the job board and the intake form are now online.',
        link: 'https://recycling-board.example/news',
      },
    ]);
  });
  return DEMO_LOGINS;
}
