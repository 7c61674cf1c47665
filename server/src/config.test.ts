import crypto from 'node:crypto';
import path from 'node:path';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const KEY = crypto.randomBytes(32).toString('base64');

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      origins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      signupPolicy: 'registry',
      trustProxy: 0,
      logLevel: 'info',
    });
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_URL: 'https://portal.example.org/',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      SMTP_URL: 'smtp://relay.example.org:587',
      SIGNUP_POLICY: 'open',
      TRUST_PROXY: 'yes',
      NODE_ENV: 'production',
      PII_KEY: KEY,
      ISSUER_KEY: KEY,
      BOARD_NAME: 'Oregon Recycling Board',
      ADMIN_EMAIL: 'root@example.org',
      ADMIN_PASSWORD: 'Long-Enough-Password',
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      appUrl: 'https://portal.example.org',
      origins: ['https://portal.example.org'],
      signupPolicy: 'open',
      trustProxy: 1,
      admin: { email: 'root@example.org', name: 'Administrator' },
      issuerKey: KEY,
      boardName: 'Oregon Recycling Board',
    });
  });

  it('names the portal once: PRODUCT_NAME, also the sender of its mails unless MAIL_FROM is set (issue 35)', () => {
    expect(loadConfig({})).toMatchObject({
      productName: 'Certified Recycling Advocate',
      mailFrom: 'Certified Recycling Advocate <no-reply@localhost>',
    });
    const named = loadConfig({ PRODUCT_NAME: 'Lakeside Advocates' });
    expect(named).toMatchObject({
      productName: 'Lakeside Advocates',
      mailFrom: 'Lakeside Advocates <no-reply@localhost>',
    });
    expect(named.hmis.softwareName).toBe('Lakeside Advocates');
    expect(loadConfig({ PRODUCT_NAME: 'Lakeside Advocates', MAIL_FROM: 'Board <board@example.org>' }).mailFrom).toBe(
      'Board <board@example.org>',
    );
  });

  it('configures the HMIS export: the board by default, the project and CoC when given', () => {
    expect(loadConfig({ BOARD_NAME: 'Oregon Recycling Board' }).hmis).toEqual({
      organizationName: 'Oregon Recycling Board',
      projectId: 'street-outreach',
      cocCode: undefined,
      geocode: undefined,
      softwareName: 'Certified Recycling Advocate',
    });
    const env = {
      HMIS_ORGANIZATION_NAME: 'ORB',
      HMIS_PROJECT_ID: 'SO-12',
      HMIS_COC_CODE: 'OR-501',
      HMIS_GEOCODE: '419001',
    };
    expect(loadConfig(env).hmis).toEqual({
      organizationName: 'ORB',
      projectId: 'SO-12',
      cocCode: 'OR-501',
      geocode: '419001',
      softwareName: 'Certified Recycling Advocate',
    });
  });

  it('writes Arabic with Latin digits unless ARABIC_DIGITS says arabic-indic (issue 34)', () => {
    expect(loadConfig({}).arabicDigits).toBe('latin');
    expect(loadConfig({ ARABIC_DIGITS: 'arabic-indic' }).arabicDigits).toBe('arabic-indic');
  });

  it('requires a second factor of admins by default in production only (ADMIN_MFA)', () => {
    const prod = { NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example.org', PII_KEY: KEY, ISSUER_KEY: KEY };
    expect(loadConfig({}).adminMfa).toBe('optional');
    expect(loadConfig(prod).adminMfa).toBe('required');
    expect(loadConfig({ ...prod, ADMIN_MFA: 'optional' }).adminMfa).toBe('optional');
    expect(loadConfig({ ADMIN_MFA: 'required' }).adminMfa).toBe('required');
  });

  it('hashes passwords at the OWASP cost by default, and refuses the test-only cost in production', () => {
    const prod = { NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example.org', PII_KEY: KEY, ISSUER_KEY: KEY };
    expect(loadConfig({}).passwordHashCost).toBe('owasp');
    expect(loadConfig(prod).passwordHashCost).toBe('owasp');
    expect(loadConfig({ PASSWORD_HASH_COST: 'test-only-minimal' }).passwordHashCost).toBe('test-only-minimal');
    expect(loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: 'test-only-minimal' }).passwordHashCost).toBe(
      'test-only-minimal',
    );
    expect(failure({ ...prod, PASSWORD_HASH_COST: 'test-only-minimal' })).toBe(
      'Invalid configuration: PASSWORD_HASH_COST must be owasp in production',
    );
  });

  it('keeps an unfinished resumable upload 24 hours unless told otherwise (UPLOAD_UNFINISHED_HOURS)', () => {
    expect(loadConfig({}).uploads.unfinishedMinutes).toBe(24 * 60);
    expect(loadConfig({ UPLOAD_UNFINISHED_HOURS: '6' }).uploads.unfinishedMinutes).toBe(6 * 60);
    expect(() => loadConfig({ UPLOAD_UNFINISHED_HOURS: '0.5' })).toThrow(
      'Invalid configuration: UPLOAD_UNFINISHED_HOURS must be a whole number of hours',
    );
  });

  it('limits the status lists apart from the verification page, 6000 a minute unless told otherwise (issue 31)', () => {
    expect(loadConfig({})).toMatchObject({ verifyRateLimit: 120, statusListRateLimit: 6000 });
    expect(loadConfig({ STATUS_LIST_RATE_LIMIT: '20000' })).toMatchObject({
      verifyRateLimit: 120,
      statusListRateLimit: 20000,
    });
    for (const value of ['0', '1.5', 'many']) {
      expect(failure({ STATUS_LIST_RATE_LIMIT: value })).toBe(
        'Invalid configuration: STATUS_LIST_RATE_LIMIT must be a whole number of requests per minute',
      );
    }
  });

  it('shows the board on the verification page: its logo and contact address, the portal’s own unless told (issue 31)', () => {
    expect(loadConfig({})).toMatchObject({
      boardName: 'Recycling Advocate Certification Board',
      boardUrl: 'https://recycling-board.example',
      boardLogoUrl: 'http://localhost:3000/favicon.svg',
      boardContactEmail: 'support@recycling-board.example',
    });
    // The default logo follows APP_URL; the contact address follows SUPPORT_EMAIL.
    expect(loadConfig({ APP_URL: 'https://portal.example.org/', SUPPORT_EMAIL: 'help@board.example' })).toMatchObject({
      boardLogoUrl: 'https://portal.example.org/favicon.svg',
      boardContactEmail: 'help@board.example',
    });
    expect(
      loadConfig({
        BOARD_NAME: 'Oregon Recycling Board',
        BOARD_URL: 'https://orb.example',
        BOARD_LOGO_URL: 'https://cdn.orb.example/logo.png',
        BOARD_CONTACT_EMAIL: 'verify@orb.example',
        SUPPORT_EMAIL: 'help@orb.example',
      }),
    ).toMatchObject({
      boardName: 'Oregon Recycling Board',
      boardUrl: 'https://orb.example',
      boardLogoUrl: 'https://cdn.orb.example/logo.png',
      boardContactEmail: 'verify@orb.example',
      supportEmail: 'help@orb.example',
    });
    for (const value of [
      'logo.png',
      '/favicon.svg',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'ftp://x.example/l.png',
    ]) {
      expect(failure({ BOARD_LOGO_URL: value }), value).toBe(
        'Invalid configuration: BOARD_LOGO_URL must be an http(s) URL such as https://portal.example.org',
      );
    }
    for (const value of ['board', 'board@', 'mailto:board@orb.example', 'a@b.example?subject=x']) {
      expect(failure({ BOARD_CONTACT_EMAIL: value }), value).toBe(
        'Invalid configuration: BOARD_CONTACT_EMAIL must be an e-mail address',
      );
    }
    expect(failure({ BOARD_NAME: ' ' })).toMatch(/^Invalid configuration: BOARD_NAME /);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  // Issue 30, F13: TRUST_PROXY counts the proxies whose X-Forwarded-For entries are trusted.
  it.each([
    ['1', 1],
    ['2', 2],
    ['0', 0],
    ['on', 1],
    ['true', 1],
    ['off', 0],
    ['no', 0],
  ])('reads TRUST_PROXY=%s as %i trusted proxies', (value, hops) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PII_KEY: 'short' }, 'PII_KEY'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example.org', ISSUER_KEY: KEY }, 'PII_KEY'],
    [{ NODE_ENV: 'production', PII_KEY: KEY, ISSUER_KEY: KEY }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example.org', PII_KEY: KEY }, 'ISSUER_KEY'],
    [{ ISSUER_KEY: 'c2hvcnQ=' }, 'ISSUER_KEY'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ APP_URL: 'javascript:alert(1)' }, 'APP_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SIGNUP_POLICY: 'anyone' }, 'SIGNUP_POLICY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/8' }, 'TRUST_PROXY'],
    [{ ADMIN_EMAIL: 'root@example.org' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'root@example.org', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ STORAGE_URL: 's3://x' }, 'STORAGE_URL'],
    [{ STORAGE_URL: '/var/lib/portal/uploads' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 's3://bucket/p?endpoint=minio:9000' }, 'STORAGE_URL'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
    [{ HMIS_PROJECT_ID: 'a b' }, 'HMIS_PROJECT_ID'],
    [{ HMIS_PROJECT_ID: 'x'.repeat(29) }, 'HMIS_PROJECT_ID'],
    [{ HMIS_COC_CODE: 'ca-600' }, 'HMIS_COC_CODE'],
    [{ HMIS_COC_CODE: 'CA600' }, 'HMIS_COC_CODE'],
    [{ HMIS_GEOCODE: '12345' }, 'HMIS_GEOCODE'],
    [{ HMIS_ORGANIZATION_NAME: 'x'.repeat(201) }, 'HMIS_ORGANIZATION_NAME'],
    [{ ADMIN_MFA: 'sometimes' }, 'ADMIN_MFA'],
    [{ ARABIC_DIGITS: 'roman' }, 'ARABIC_DIGITS'],
    [{ PASSWORD_HASH_COST: 'cheap' }, 'PASSWORD_HASH_COST'],
  ])('refuses %o with one line naming %s', (env, name) => {
    const message = failure(env);
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Invalid configuration: /);
  });

  // Decision 0038: the DID document lists ISSUER_KEY's key and these, nothing else.
  it('reads ISSUER_KEYS_RETIRED as Ed25519 public keys in multibase form, unset when not given', async () => {
    const [a, b] = await Promise.all([Ed25519Multikey.generate({}), Ed25519Multikey.generate({})]);
    // The example key of the did:key specification, besides two the library made.
    const example = 'z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    expect(
      loadConfig({ ISSUER_KEYS_RETIRED: ` ${a.publicKeyMultibase}, ${example},${b.publicKeyMultibase},${example}` })
        .issuerKeysRetired,
    ).toEqual([a.publicKeyMultibase, example, b.publicKeyMultibase]);
    expect(loadConfig({}).issuerKeysRetired).toBeUndefined();
    expect(loadConfig({ ISSUER_KEYS_RETIRED: '' }).issuerKeysRetired).toBeUndefined();
  });

  it('refuses a malformed ISSUER_KEYS_RETIRED with one line naming it and the entry, never echoing it', async () => {
    const good = (await Ed25519Multikey.generate({})).publicKeyMultibase;
    const notAKey = 'Invalid configuration: ISSUER_KEYS_RETIRED entry 2 is not an Ed25519 public key in multibase form';
    for (const bad of [
      good.slice(0, -1), // a character short
      `${good}1`, // a byte long
      `${good.slice(0, -1)}0`, // 0 is not base58
      good.slice(1), // no multibase prefix
      'zDnaerDaTF5BXEavCrfRZEk316dpbLsfPDZ3WJ5hRTPFU2169', // a P-256 Multikey
      '',
    ]) {
      const message = failure({ ISSUER_KEYS_RETIRED: `${good},${bad}` });
      expect(message, bad).toMatch(new RegExp(`^${notAKey} \\(z6Mk…`));
      expect(message).not.toContain('\n');
      if (bad) expect(message).not.toContain(bad);
    }
    // The seed of a key, pasted where its public key goes: named as such, and not repeated.
    const seed = crypto.randomBytes(32).toString('base64');
    const message = failure({ ISSUER_KEYS_RETIRED: `${good},${seed}` });
    expect(message).toMatch(/^Invalid configuration: ISSUER_KEYS_RETIRED entry 2 is a seed/);
    expect(message).not.toContain(seed);
  });

  it('never repeats a secret value in its message', () => {
    const secret = 'c2hvcnQtc2VjcmV0LXZhbHVl';
    expect(failure({ PII_KEY: secret })).not.toContain(secret);
    expect(failure({ DATABASE_URL: 'mysql://admin:hunter2@db/x' })).not.toContain('hunter2');
    expect(failure({ STORAGE_URL: 's3://AKIA:hunter2@bucket/x' })).not.toContain('hunter2');
    expect(failure({ STORAGE_URL: 's3://bucket/x?endpoint=ftp://admin:hunter2@minio' })).not.toContain('hunter2');
  });
});
