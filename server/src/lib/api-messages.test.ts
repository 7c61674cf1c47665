import * as contract from '@portal/contract';
import {
  AUTH_MESSAGES,
  DATE_RANGE_MESSAGE,
  EDIT_CONFLICT_MESSAGE,
  HMIS_EXPORT_MESSAGES,
  IDEMPOTENCY_MESSAGES,
  MFA_MESSAGES,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { call, createTestApp, createUser, type TestApp } from '../../test/harness';
import { messageKeyOf } from '@portal/contract/messages/lookup';
import { translateMessage } from './api-messages';
import { wordsFor } from './i18n';

/**
 * Issue 34: the API's error messages in the reader's language, looked up by their English text
 * (lib/api-messages.ts). English answers are the code's own texts, untouched.
 */

/** Every message a schema of the contract names itself (not zod's own), found by walking them. */
function contractMessages(): Set<string> {
  const seen = new Set<unknown>();
  const found = new Set<string>();
  const note = (def: { error?: unknown; message?: unknown } | undefined) => {
    const error = def?.error;
    const message = typeof error === 'function' ? (error as (issue: object) => unknown)({}) : error;
    if (typeof message === 'string') found.add(message);
  };
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    note(def);
    for (const check of (def.checks as { _zod: { def: object } }[] | undefined) ?? []) note(check._zod.def);
    for (const key of ['innerType', 'element', 'in', 'out', 'valueType', 'keyType', 'left', 'right', 'catchall']) {
      walk(def[key]);
    }
    for (const child of Object.values((def.shape as object | undefined) ?? {})) walk(child);
    for (const child of [...((def.options as unknown[]) ?? []), ...((def.items as unknown[]) ?? [])]) walk(child);
  };
  for (const value of Object.values(contract)) if (value instanceof z.ZodType) walk(value);
  return found;
}

/** Messages of the contract's rules across fields (superRefine), which no walk finds. */
const RULE_MESSAGES = [
  'Choose how consent was given',
  'Enter the date of consent',
  'Verbal consent needs the name of its witness',
  'Answered above: leave this empty, or clear the answer',
  "An x marks an unknown digit: set SSN data quality to 'Approximate or partial SSN reported'",
  'Enter at least one known digit',
  'A full SSN has 9 digits',
  'Enter the digits you know, x for the others',
  'An SSN is entered: choose full or partial',
  'Enter the date of birth (an approximate one if partial)',
  'A date of birth is entered: choose full or partial',
  'A full name needs the first and the last name',
  'A name is entered: choose full or partial',
  HMIS_EXPORT_MESSAGES.period,
  HMIS_EXPORT_MESSAGES.periodTooLong,
  HMIS_EXPORT_MESSAGES.reason,
  DATE_RANGE_MESSAGE,
];

/** What the error handler and the access rules answer with on any route. */
const GENERIC_MESSAGES = [
  'Invalid input',
  'Invalid value',
  'Not found',
  'You are not allowed to do this',
  AUTH_MESSAGES.notAuthenticated,
  AUTH_MESSAGES.notVerified,
  AUTH_MESSAGES.notAdmin,
  AUTH_MESSAGES.tooMany,
  MFA_MESSAGES.setupRequired,
  MFA_MESSAGES.pending,
  MFA_MESSAGES.stepUp,
  MFA_MESSAGES.newFactor,
  'The upload or request is too large.',
  'This type of content is not accepted.',
  'Something went wrong. Please try again.',
  'The service is temporarily unavailable. Please try again shortly.',
  'The text contains characters that are not allowed.',
  EDIT_CONFLICT_MESSAGE,
  ...Object.values(IDEMPOTENCY_MESSAGES),
];

/** zod's own messages, as this version of zod writes them. */
const zodMessages = () =>
  (
    [
      [z.string().max(3), 'abcd'],
      [z.string().min(2), 'a'],
      [z.string().min(1), ''],
      [z.array(z.string()).max(1), ['a', 'b']],
      [z.array(z.string()).min(2), ['a']],
      [z.number().max(5), 6],
      [z.number().lt(5), 5],
      [z.number().min(5), 4],
      [z.number().gt(5), 5],
      [z.string(), 3],
      [z.enum(['asc', 'desc']), 'up'],
      [z.literal('yes'), 'no'],
      [z.strictObject({}), { a: 1 }],
      [z.strictObject({}), { a: 1, b: 2 }],
      [z.uuid(), 'x'],
      [z.email(), 'x'],
      [z.iso.date(), 'x'],
      [z.iso.datetime(), 'x'],
      [z.base64url(), '*'],
      [z.string().regex(/^a$/), 'b'],
      [z.number().multipleOf(0.25), 0.3],
    ] as [z.ZodType, unknown][]
  ).map(([schema, input]) => schema.safeParse(input).error!.issues[0]!.message);

describe('the table of messages', () => {
  const walked = contractMessages();

  it('finds the contract’s messages (the walk works)', () => {
    expect(walked.size).toBeGreaterThan(100);
    expect(walked).toContain('Please enter a valid email address.');
    expect(walked).toContain(`Language must be one of: ${contract.LANGUAGES.join(', ')}`);
  });

  it.each([
    ['the contract’s schemas', () => [...walked]],
    ['the contract’s rules across fields', () => RULE_MESSAGES],
    ['the error handler and the access rules', () => GENERIC_MESSAGES],
    ['zod, where a schema names no message', zodMessages],
  ])('knows every message of %s, and its English is the text itself', (_, messages) => {
    const english = wordsFor('en');
    for (const message of messages()) {
      const found = messageKeyOf(message);
      expect(found, message).toBeDefined();
      expect(english.t(found!.key, found!.values), message).toBe(message);
      // Spanish and Arabic are others' words: no English text is left as it was.
      for (const language of ['es', 'ar'] as const) {
        expect(translateMessage(wordsFor(language), message), `${language}: ${message}`).not.toBe(message);
      }
    }
  });

  it('leaves English as written, and a message it does not know in English', () => {
    expect(translateMessage(wordsFor('en'), 'Not found')).toBe('Not found');
    expect(translateMessage(wordsFor('es'), 'Not found')).toBe('No encontrado');
    expect(translateMessage(wordsFor('es'), 'Something only a domain says')).toBe('Something only a domain says');
    expect(translateMessage(wordsFor('es'), 'Language must be one of: en, es, ar')).toBe(
      'El idioma debe ser uno de: en, es, ar',
    );
    expect(translateMessage(wordsFor('ar'), 'Too big: expected string to have <=1000 characters')).toBe(
      'الحد الأقصى 1000 من الأحرف',
    );
  });
});

describe('an error answer in the reader’s language', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t);
  });
  afterAll(() => t.close());

  const login = (headers: Record<string, string> = {}, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/login${query}`,
      headers,
      payload: { email: 'not an address', password: '' },
    });

  it('is a 400 in Spanish for Accept-Language: es, the paths as they are', async () => {
    const res = await login({ 'accept-language': 'es-MX,es;q=0.9' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-language']).toBe('es');
    expect(res.json()).toEqual({
      message: 'email: Escriba una dirección de correo electrónico válida.',
      issues: [
        { path: 'email', message: 'Escriba una dirección de correo electrónico válida.' },
        { path: 'password', message: 'La contraseña es obligatoria' },
      ],
    });
  });

  it('is the English of the code without a language asked for, to the byte', async () => {
    const res = await login();
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-language']).toBeUndefined();
    expect(res.body).toBe(
      JSON.stringify({
        message: 'email: Please enter a valid email address.',
        issues: [
          { path: 'email', message: 'Please enter a valid email address.' },
          { path: 'password', message: 'Password is required' },
        ],
      }),
    );
    expect((await login({ 'accept-language': 'fr-FR' })).body).toBe(res.body);
  });

  it('takes ?lang= and the lang cookie first; an unknown ?lang= falls back silently', async () => {
    expect((await login({ 'accept-language': 'es' }, '?lang=ar')).json().issues[1]).toEqual({
      path: 'password',
      message: 'كلمة المرور مطلوبة',
    });
    expect((await login({ cookie: 'lang=ar' })).headers['content-language']).toBe('ar');
    const unknown = await login({ 'accept-language': 'es' }, '?lang=xx');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[1].message).toBe('La contraseña es obligatoria');
    expect((await login({}, '?lang=xx')).json().issues[1].message).toBe('Password is required');
  });

  it('translates zod’s own messages, and the 401 and 404 of any route', async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/short',
      headers: { 'accept-language': 'es' },
      payload: { password: 'Lantern-Orchard-42' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().issues).toEqual([{ path: 'token', message: 'Debe tener al menos 20 caracteres' }]);

    const guest = { 'accept-language': 'ar' };
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/inbox', headers: guest });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json()).toEqual({ message: 'لم تسجّل الدخول' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: guest });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'غير موجود' });
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).json()).toEqual({
      message: 'Not found',
    });
  });

  it('follows a signed-in member’s profile language, whatever the browser says', async () => {
    const update = (headers: Record<string, string> = {}) =>
      call(t.app, member.cookie, {
        method: 'PUT',
        url: `/api/users/${member.user.id}`,
        headers,
        payload: { name: 'Morgan', language: 'fr' },
      });
    const english = await update({ 'accept-language': 'es' });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      message: 'language: Language must be one of: en, es, ar',
      issues: [{ path: 'language', message: 'Language must be one of: en, es, ar' }],
    });
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    try {
      const spanish = await update({ 'accept-language': 'en' });
      expect(spanish.json()).toEqual({
        message: 'language: El idioma debe ser uno de: en, es, ar',
        issues: [{ path: 'language', message: 'El idioma debe ser uno de: en, es, ar' }],
      });
    } finally {
      await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, member.user.id));
    }
  });
});
