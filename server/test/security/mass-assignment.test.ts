import { adminUserUpdate, profileUpdate, ROUTES } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { reports, users } from '../../src/db/schema';
import { call, createTestApp, type TestApp } from '../harness';
import { makeWorld, profilePayload, signupPayload, type World } from './world';

/**
 * Issue 8: every body schema refuses keys it does not name, and a member's body carrying
 * isAdmin, isVerified, _id, userId or createdAt changes nothing.
 */
const FORBIDDEN = {
  isAdmin: true,
  isVerified: true,
  _id: crypto.randomUUID(),
  userId: crypto.randomUUID(),
  createdAt: '2000-01-01T00:00:00.000Z',
};

type Def = {
  type: string;
  catchall?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Paths of the objects inside `schema` that accept unknown keys. */
function looseObjects(schema: z.ZodType, path = '(body)'): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const own = def.catchall && defOf(def.catchall).type === 'never' ? [] : [path];
      return [...own, ...Object.entries(def.shape!).flatMap(([k, v]) => looseObjects(v, `${path}.${k}`))];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return looseObjects(def.innerType!, path);
    case 'pipe':
      return looseObjects(def.in!, path);
    case 'array':
      return looseObjects(def.element!, `${path}[]`);
    case 'union':
      return def.options!.flatMap((o) => looseObjects(o, path));
    default:
      return [];
  }
}

const bodySchemas = new Map<string, z.ZodType>();
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.addHook('onRequest', async (req) => {
          const body = (req.routeOptions.schema as { body?: z.ZodType } | undefined)?.body;
          if (body) bodySchemas.set(`${String(req.routeOptions.method)} ${req.routeOptions.url}`, body);
        });
      },
    },
  );
  for (const r of ROUTES) await t.app.inject({ method: r.method, url: r.path.replace(/:[A-Za-z]+/g, 'probe') });
  w = await makeWorld(t);
});
afterAll(() => t.close());

describe('body schemas are strict', () => {
  it('every route body refuses unknown keys, nested objects included', () => {
    expect(bodySchemas.size).toBeGreaterThan(10);
    const loose = [...bodySchemas].flatMap(([route, schema]) =>
      // PUT /api/users/{id} takes any object and its handler parses it with a strict schema chosen by the caller (below).
      // A wallet's protocol bodies (decision 0042) ignore what they do not name, as OAuth 2.0 asks
      // (RFC 6749 §3.2); their handlers read only the fields they name and change no user or record.
      route === 'PUT /api/users/:id' || route.includes(' /api/wallet/')
        ? []
        : looseObjects(schema).map((p) => `${route} ${p}`),
    );
    expect(loose).toEqual([]);
  });

  it('the two PUT /api/users/{id} schemas are strict', () => {
    expect([...looseObjects(profileUpdate), ...looseObjects(adminUserUpdate)]).toEqual([]);
  });
});

describe("a member's body cannot set what is not theirs", () => {
  const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it.each(Object.entries(FORBIDDEN))(
    'PUT /api/users/{own id} with %s is refused and changes nothing',
    async (key, value) => {
      const before = await rowOf(w.memberA.id);
      const res = await call(t.app, w.memberA.cookie, {
        method: 'PUT',
        url: `/api/users/${w.memberA.id}`,
        payload: profilePayload(w.memberA.email, { [key]: value, name: 'Should Not Stick' }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(await rowOf(w.memberA.id)).toEqual(before);
    },
  );

  it('PUT /api/users/{own id} ignores the e-mail and password it carries', async () => {
    const before = await rowOf(w.memberA.id);
    const res = await call(t.app, w.memberA.cookie, {
      method: 'PUT',
      url: `/api/users/${w.memberA.id}`,
      payload: profilePayload('someone.else@example.org', { password: 'Brand-New-Pass-99' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await rowOf(w.memberA.id);
    expect([after.email, after.passwordHash, after.isAdmin, after.isVerified]).toEqual([
      before.email,
      before.passwordHash,
      false,
      true,
    ]);
  });

  it("POST /api/reports files the report as the session's user, whatever userId says", async () => {
    const res = await call(t.app, w.memberA.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: { clientName: 'Client', userId: w.memberB.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(reports)
      .where(eq(reports.id, res.json()._id as string));
    expect(row!.userId).toBe(w.memberA.id);
  });

  it.each(['isAdmin', 'isVerified', '_id', 'createdAt'] as const)(
    'POST /api/reports with %s is refused',
    async (key) => {
      const [{ value: before }] = (await t.database.db.select({ value: count() }).from(reports)) as [{ value: number }];
      const res = await call(t.app, w.memberA.cookie, {
        method: 'POST',
        url: '/api/reports',
        payload: { clientName: 'Client', [key]: FORBIDDEN[key] },
      });
      expect(res.statusCode, res.body).toBe(400);
      const [{ value: after }] = (await t.database.db.select({ value: count() }).from(reports)) as [{ value: number }];
      expect(after).toBe(before);
    },
  );

  it.each(Object.entries(FORBIDDEN))(
    'POST /api/auth/signup with %s is refused and creates nobody',
    async (key, value) => {
      const payload = await signupPayload(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { ...payload, [key]: value },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(await t.database.db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
    },
  );

  it.each(Object.entries(FORBIDDEN))('POST /api/auth/verify-email with %s is refused', async (key, value) => {
    const res = await call(t.app, w.unverified.cookie, {
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { code: '123456', [key]: value },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((await rowOf(w.unverified.id)).isVerified).toBe(false);
  });
});
