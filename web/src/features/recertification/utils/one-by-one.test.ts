import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { runOneByOne } from './one-by-one';

describe('runOneByOne', () => {
  it('calls one id at a time, in order, and goes on past a refusal with its message', async () => {
    let running = 0;
    const seen: string[] = [];
    const call = vi.fn(async (id: string) => {
      running++;
      expect(running).toBe(1);
      await Promise.resolve();
      seen.push(id);
      running--;
      if (id === 'b') throw new ApiError(409, 'This application is no longer open for review');
      if (id === 'c') throw new Error('network');
    });
    const progress: number[] = [];
    const outcome = await runOneByOne(['a', 'b', 'c', 'd'], call, (done) => progress.push(done));
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
    expect(outcome.succeeded).toEqual(['a', 'd']);
    expect(outcome.failed).toEqual([
      { id: 'b', message: 'This application is no longer open for review' },
      { id: 'c', message: 'The request failed. Please try again.' },
    ]);
    expect(progress).toEqual([1, 2, 3, 4]);
  });
});
