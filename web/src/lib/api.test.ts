import { messageBody } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiList, lazySchema } from './api';

const serverAnswers = (response: () => Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('answers what the schema parsed, and refuses an answer the contract does not allow', async () => {
    serverAnswers(() => Response.json({ message: 'Deleted', extra: 1 }));
    await expect(api('DELETE', '/api/jobs/j-1', { schema: messageBody })).resolves.toEqual({ message: 'Deleted' });
    serverAnswers(() => Response.json({ msg: 'Deleted' }));
    await expect(api('DELETE', '/api/jobs/j-1', { schema: messageBody })).rejects.toThrow(/message/);
    // A 204 has nothing a JSON schema accepts.
    serverAnswers(() => new Response(null, { status: 204 }));
    await expect(api('DELETE', '/api/jobs/j-1', { schema: messageBody })).rejects.toThrow();
  });

  it('with noContent, takes a 204 and refuses an answer with a body', async () => {
    serverAnswers(() => new Response(null, { status: 204 }));
    await expect(api('DELETE', '/api/users/u-1', { noContent: true })).resolves.toBeUndefined();
    serverAnswers(() => Response.json({ message: 'Deleted' }));
    await expect(api('DELETE', '/api/users/u-1', { noContent: true })).rejects.toThrow('/api/users/u-1: 200, not 204');
  });

  it('loads a lazy schema only for an answer to parse, not for a refusal', async () => {
    const load = vi.fn(async () => messageBody);
    serverAnswers(() => Response.json({ message: 'Unauthorized' }, { status: 401 }));
    await expect(api('GET', '/api/auth/check-auth', { schema: lazySchema(load) })).rejects.toBeInstanceOf(ApiError);
    expect(load).not.toHaveBeenCalled();
    serverAnswers(() => Response.json({ message: 'ok' }));
    await expect(api('GET', '/api/auth/check-auth', { schema: lazySchema(load) })).resolves.toEqual({ message: 'ok' });
    expect(load).toHaveBeenCalledOnce();
  });
});

describe('apiList', () => {
  it('parses every item and refuses an answer that is no list', async () => {
    serverAnswers(() => Response.json([{ message: 'a' }], { headers: { 'x-total-count': '7' } }));
    await expect(apiList('/api/notifications', messageBody)).resolves.toEqual({ items: [{ message: 'a' }], total: 7 });
    serverAnswers(() => Response.json({ items: [] }));
    await expect(apiList('/api/notifications', messageBody)).rejects.toThrow('/api/notifications: no list');
  });
});
