import crypto from 'node:crypto';
import { DEFAULT_REMINDER_OFFSETS } from '@portal/contract';

/** What the bench signs in with: sessions written straight into the table, as a login would. */
export interface Seeded {
  member: { email: string; token: string };
  admin: { email: string; token: string };
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Thompson', 'Allen'];

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * The SQL that fills a freshly migrated database: `users` members with `certificates` spread
 * over them (generate_series, no API), plus the bench member (20 certificates) and admin, each
 * with a session whose token the bench sends as a Bearer header.
 */
/** The verification id of one of the bench member's certificates (an Active one), for the public page. */
export const verificationIdSql = (member: Seeded['member']) =>
  `select verification_id from certificates where user_email = '${member.email}' and valid_till > now() order by valid_till limit 1`;

export function seedSql(users: number, certs: number): { sql: string[]; seeded: Seeded } {
  const member = { email: 'bench.member@bench.example', token: crypto.randomBytes(32).toString('base64url') };
  const admin = { email: 'bench.admin@bench.example', token: crypto.randomBytes(32).toString('base64url') };
  // Names: a first and last name, plus a random-letter word, so that trigrams are varied.
  const sql = [
    `insert into users (email, password_hash, name, job, certificate_no, is_verified, created_at, last_login)
     select format('user%s@example%s.org', i, i % 97),
            'bench: no password',
            (${arr(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (i / 7) % ${LAST.length}]
              || ' ' || initcap(translate(substr(md5(i::text), 1, 7), '0123456789', 'ghijklmnop')),
            'Advocate', format('CRA-%s', i), true,
            now() - make_interval(mins => i), now() - make_interval(mins => i % 5000)
     from generate_series(1, ${users}) i`,
    // Each certificate held by its member's account, as after a claim (issue 11), and stored with
    // a credential of the usual size (about 2.3 KB): a registry at rest. Unsigned rows would set
    // the background signer to work for hours (13 ms each) while the reads are measured; the bench
    // member's 20 certificates below are unsigned, so the server signs those for real.
    `insert into certificates (user_email, certificate_no, name, status, valid_till, created_at,
                               holder_id, claimed_at, holder_name, credential)
     select u.email, format('CRA-%s-%s', s.u, s.i),
            'Certified Recycling Advocate ' || substr(md5(s.i::text), 1, 6),
            case when s.i % 10 = 0 then 'Inactive' else 'Active' end,
            now() + make_interval(days => (s.i % 1500) - 300), now() - make_interval(secs => s.i),
            u.id, now(), u.name,
            jsonb_build_object('bench', 'a stored credential of the usual size', 'padding', repeat('x', 2300))
     from (select i, 1 + i % ${Math.max(users, 1)} as u from generate_series(1, ${certs}) i) s
     join users u on u.email = format('user%s@example%s.org', s.u, s.u % 97)`,
    `insert into users (email, password_hash, name, certificate_no, is_verified, is_admin)
     values ('${member.email}', 'bench: no password', 'Bench Member', 'CRA-BENCH', true, false),
            ('${admin.email}', 'bench: no password', 'Bench Admin', '', true, true)`,
    `insert into certificates (user_email, certificate_no, name, status, valid_till, holder_id, claimed_at, holder_name)
     select '${member.email}', format('CRA-BENCH-%s', i), 'Certificate ' || i, 'Active',
            now() + make_interval(days => i * 30 - 100), u.id, now(), u.name
     from generate_series(1, 20) i, users u where u.email = '${member.email}'`,
    // A registry at rest has sent its renewal reminders (issue 15): without these rows, the
    // reminder job (every 5 minutes) would mail tens of thousands of holders in the middle of
    // the reads being measured. The default offsets, as readOffsets has them.
    `insert into renewal_reminders (certificate_id, offset_days, valid_till, user_id, mailed, created_at)
     select c.id, d, c.valid_till, c.holder_id, true, now()
     from certificates c, unnest(array[${DEFAULT_REMINDER_OFFSETS.join(',')}]) d
     where c.valid_till > now() and c.valid_till < now() + interval '${Math.max(...DEFAULT_REMINDER_OFFSETS) + 2} days'
       and (c.valid_till at time zone 'UTC')::date - d <= (now() at time zone 'UTC')::date`,
    // The job board: a hundred postings, of which a member's list reads a page of 20.
    `insert into jobs (title, description, location, company, apply_link, created_at)
     select format('Recycling Outreach Coordinator %s', i), repeat('Sort, teach and report. ', 20),
            format('District %s', i % 12), format('Green Works %s', i % 7), 'https://jobs.example.org/' || i,
            now() - make_interval(hours => i)
     from generate_series(1, 100) i`,
    ...[member, admin].map(
      (s) => `insert into sessions (token_hash, user_id, expires_at)
       select '${sha256(s.token)}', id, now() + interval '12 hours' from users where email = '${s.email}'`,
    ),
    // Vacuumed as well as analysed: otherwise autovacuum works through the freshly written tables
    // (a million rows, their credentials in TOAST) while the floors and the reads are measured.
    'vacuum analyze',
  ];
  return { sql, seeded: { member, admin } };
}
