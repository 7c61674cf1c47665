import { AUTH_MESSAGES, TOTAL_COUNT_HEADER } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCallers, createTestApp, type TestApp } from '../../../test/harness';
import { auditLog, jobs } from '../../db/schema';
import { JOB_NOT_FOUND } from './routes';

let t: TestApp;
let cookies: Awaited<ReturnType<typeof createCallers>>['cookies'];
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookies, adminId } = await createCallers(t));
});
afterAll(() => t.close());

const validJob = {
  title: 'Recycling Coordinator',
  description: 'Runs neighbourhood drives.',
  location: 'Portland, OR',
  company: 'Green City',
  applyLink: 'https://jobs.example.org/coordinator',
};

const asAdmin = (opts: InjectOptions) => call(t.app, cookies.admin, opts);
const createJob = async (body: Record<string, unknown> = validJob) => {
  const res = await asAdmin({ method: 'POST', url: '/api/jobs', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string; applyLink: string; title: string }>();
};
const auditFor = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
const allAudits = async () => (await t.database.db.select().from(auditLog)).length;

describe('job routes: who may call them', () => {
  it('refuses guests (401) and unverified accounts (403) on every route', async () => {
    const { _id } = await createJob();
    const routes: InjectOptions[] = [
      { method: 'GET', url: '/api/jobs' },
      { method: 'POST', url: '/api/jobs', payload: validJob },
      { method: 'PUT', url: `/api/jobs/${_id}`, payload: validJob },
      { method: 'DELETE', url: `/api/jobs/${_id}` },
    ];
    for (const route of routes) {
      const guest = await call(t.app, undefined, route);
      expect(guest.statusCode, `guest ${route.method}`).toBe(401);
      const unverified = await call(t.app, cookies.unverified, route);
      expect(unverified.statusCode, `unverified ${route.method}`).toBe(403);
      expect(unverified.json().message).toBe(AUTH_MESSAGES.notVerified);
    }
  });

  it('lets members read the board but not change it', async () => {
    const { _id } = await createJob();
    const before = await allAudits();
    expect((await call(t.app, cookies.member, { method: 'GET', url: '/api/jobs' })).statusCode).toBe(200);
    for (const route of [
      { method: 'POST', url: '/api/jobs', payload: validJob },
      { method: 'PUT', url: `/api/jobs/${_id}`, payload: { ...validJob, title: 'Hijacked' } },
      { method: 'DELETE', url: `/api/jobs/${_id}` },
    ] as InjectOptions[]) {
      const res = await call(t.app, cookies.member, route);
      expect(res.statusCode, route.method).toBe(403);
      expect(res.json().message).toBe(AUTH_MESSAGES.notAdmin);
    }
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, _id));
    expect(row?.title).toBe(validJob.title);
    expect(await allAudits()).toBe(before);
  });
});

describe('managing jobs as an admin', () => {
  it('creates a job (201), shows it on the board, and audits it once', async () => {
    const created = await createJob({ ...validJob, title: 'Create me' });
    expect(created).toEqual({ _id: expect.any(String), ...validJob, title: 'Create me', version: 1 });
    const board = await call(t.app, cookies.member, { method: 'GET', url: '/api/jobs' });
    expect(board.json()).toContainEqual(created);
    const audits = await auditFor(created._id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'job.create',
      targetType: 'job',
      actorId: adminId,
      details: { after: created },
    });
  });

  it('stores an apply link without a scheme with https:// and keeps http:// links', async () => {
    expect((await createJob({ ...validJob, applyLink: 'example.org/jobs/1' })).applyLink).toBe(
      'https://example.org/jobs/1',
    );
    expect((await createJob({ ...validJob, applyLink: '  http://localhost:8080/apply ' })).applyLink).toBe(
      'http://localhost:8080/apply',
    );
  });

  it('updates a job (200 with the new job) and audits before and after', async () => {
    const created = await createJob();
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/jobs/${created._id}`,
      payload: { ...validJob, title: 'Senior Coordinator', applyLink: 'careers.example.org' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated).toEqual({
      ...validJob,
      _id: created._id,
      title: 'Senior Coordinator',
      applyLink: 'https://careers.example.org',
      version: 2,
    });
    const audits = await auditFor(created._id);
    expect(audits.map((a) => a.action).sort()).toEqual(['job.create', 'job.update']);
    expect(audits.find((a) => a.action === 'job.update')?.details).toEqual({ before: created, after: updated });
  });

  it('deletes a job, which then leaves the board, and audits it', async () => {
    const created = await createJob({ ...validJob, title: 'Delete me' });
    const res = await asAdmin({ method: 'DELETE', url: `/api/jobs/${created._id}` });
    expect(res.statusCode, res.body).toBe(200);
    const board = await asAdmin({ method: 'GET', url: '/api/jobs?limit=200' });
    expect(board.json().map((j: { _id: string }) => j._id)).not.toContain(created._id);
    const deletion = (await auditFor(created._id)).filter((a) => a.action === 'job.delete');
    expect(deletion).toHaveLength(1);
    expect(deletion[0]?.details).toEqual({ before: created, trash: true });
  });

  it('answers 404 for an unknown id on PUT and DELETE, 400 for a malformed one, and audits nothing', async () => {
    const before = await allAudits();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const put = await asAdmin({ method: 'PUT', url: `/api/jobs/${unknown}`, payload: validJob });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: JOB_NOT_FOUND });
    const del = await asAdmin({ method: 'DELETE', url: `/api/jobs/${unknown}` });
    expect(del.statusCode).toBe(404);
    expect((await asAdmin({ method: 'DELETE', url: '/api/jobs/not-an-id' })).statusCode).toBe(400);
    expect(await allAudits()).toBe(before);
  });
});

describe('job validation on the server (spec §5)', () => {
  it('requires all five fields, missing or blank', async () => {
    for (const field of Object.keys(validJob)) {
      const { [field]: _omitted, ...missing } = validJob as Record<string, string>;
      for (const payload of [missing, { ...validJob, [field]: '   ' }]) {
        for (const route of [
          { method: 'POST', url: '/api/jobs' },
          { method: 'PUT', url: `/api/jobs/${(await createJob())._id}` },
        ] as InjectOptions[]) {
          const res = await asAdmin({ ...route, payload });
          expect(res.statusCode, `${route.method} without ${field}`).toBe(400);
          expect(res.json().issues).toContainEqual({ path: field, message: expect.stringMatching(/required/) });
        }
      }
    }
  });

  it('refuses an apply link that is not a URL', async () => {
    for (const applyLink of ['not a link', 'ftp://example.org', 'https://', 'example', 'exa mple.org']) {
      const res = await asAdmin({ method: 'POST', url: '/api/jobs', payload: { ...validJob, applyLink } });
      expect(res.statusCode, applyLink).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'applyLink', message: 'Please enter a valid apply link.' }]);
    }
  });

  it('refuses unknown fields and wrong types', async () => {
    const before = await allAudits();
    for (const payload of [
      { ...validJob, _id: '00000000-0000-4000-8000-000000000000' },
      { ...validJob, salary: 100 },
      { ...validJob, title: 42 },
    ]) {
      const res = await asAdmin({ method: 'POST', url: '/api/jobs', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await allAudits()).toBe(before);
  });
});

describe('listing jobs (ARCHITECTURE §4)', () => {
  it('pages newest first with X-Total-Count, searches with q and sorts on request', async () => {
    const tag = `Paging${Date.now()}`;
    for (const [i, company] of ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo'].entries()) {
      await createJob({ ...validJob, title: `${tag} ${i}`, company });
    }
    const list = (query: string) => call(t.app, cookies.member, { method: 'GET', url: `/api/jobs?${query}` });

    const first = await list(`q=${tag}&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('5');
    expect(first.json().map((j: { title: string }) => j.title)).toEqual([`${tag} 4`, `${tag} 3`]);

    const last = await list(`q=${tag.toLowerCase()}&limit=2&offset=4`);
    expect(last.headers[TOTAL_COUNT_HEADER]).toBe('5');
    expect(last.json().map((j: { title: string }) => j.title)).toEqual([`${tag} 0`]);

    const beyond = await list(`q=${tag}&offset=10`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers[TOTAL_COUNT_HEADER]).toBe('5');

    const byCompany = await list(`q=${tag}&sort=company`);
    expect(byCompany.json().map((j: { company: string }) => j.company)).toEqual([
      'alpha',
      'bravo',
      'Charlie',
      'Delta',
      'Echo',
    ]);
    const oldest = await list(`q=${tag}&order=asc&limit=1`);
    expect(oldest.json()[0].title).toBe(`${tag} 0`);

    const all = await list('limit=200');
    expect(Number(all.headers[TOTAL_COUNT_HEADER])).toBe(all.json().length);
  });

  it('matches q literally (LIKE wildcards are not wildcards)', async () => {
    await createJob({ ...validJob, title: '100% remote' });
    const res = await call(t.app, cookies.member, { method: 'GET', url: `/api/jobs?q=${encodeURIComponent('0%')}` });
    expect(res.json().map((j: { title: string }) => j.title)).toEqual(['100% remote']);
    const none = await call(t.app, cookies.member, { method: 'GET', url: '/api/jobs?q=_00' });
    expect(none.json()).toEqual([]);
  });

  it('refuses unknown query parameters, unknown sort keys and out-of-range paging', async () => {
    for (const query of ['page=2', 'sort=salary', 'sort=__proto__', 'order=up', 'limit=0', 'limit=1000', 'offset=-1']) {
      const res = await call(t.app, cookies.member, { method: 'GET', url: `/api/jobs?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
