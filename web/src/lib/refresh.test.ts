import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from './refresh';

describe('refreshAfterWrite', () => {
  it('reads again when the first read of a list left before the write and has not answered yet', async () => {
    const client = new QueryClient();
    let release!: () => void;
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['trash', { q: 'x' }],
      queryFn: async () => {
        calls++;
        // The first read: it left before the write, and answers with what was there then.
        if (calls === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          return 'before the write';
        }
        return 'after the write';
      },
    });
    const stop = observer.subscribe(() => undefined);
    await Promise.resolve();
    const refreshed = refreshAfterWrite(client, { queryKey: ['trash'] });
    release();
    await refreshed;
    expect(calls).toBe(2);
    expect(observer.getCurrentResult().data).toBe('after the write');
    stop();
  });
});
