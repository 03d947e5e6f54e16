import { describe, expect, it } from 'vitest';
import { boundedConcurrency } from './concurrency';

/** A call that ends when told to, recording that it started. */
function gate(started: number[], id: number) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    work: async () => {
      started.push(id);
      await opened;
      return id;
    },
    open,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('boundedConcurrency', () => {
  it('runs at most `running` calls, queues `waiting` in order and refuses the next one', async () => {
    const limiter = boundedConcurrency({ running: 2, waiting: 1, refuse: () => new Error('lleno') });
    const started: number[] = [];
    const calls = [1, 2, 3].map((id) => gate(started, id));
    const results = calls.map((call) => limiter.run(call.work));
    await tick();
    expect(started).toEqual([1, 2]);
    expect([limiter.active, limiter.pending]).toEqual([2, 1]);
    await expect(limiter.run(async () => 4)).rejects.toThrow('lleno');

    calls[1]!.open();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    calls[0]!.open();
    calls[2]!.open();
    expect(await Promise.all(results)).toEqual([1, 2, 3]);
    expect([limiter.active, limiter.pending]).toEqual([0, 0]);
    // Room again once the queue has drained.
    expect(await limiter.run(async () => 5)).toBe(5);
  });

  it('counts calls made in one tick, before any of them has started', async () => {
    const limiter = boundedConcurrency({ running: 1, waiting: 1, refuse: () => new Error('lleno') });
    const started: number[] = [];
    const calls = [1, 2].map((id) => gate(started, id));
    const results = [...calls.map((call) => limiter.run(call.work)), limiter.run(async () => 3)];
    for (const call of calls) call.open();
    await expect(results[2]).rejects.toThrow('lleno');
    expect(await Promise.all(results.slice(0, 2))).toEqual([1, 2]);
  });

  it('frees the slot of a call that fails', async () => {
    const limiter = boundedConcurrency({ running: 1, waiting: 0, refuse: () => new Error('lleno') });
    await expect(limiter.run(async () => Promise.reject(new Error('falló')))).rejects.toThrow('falló');
    expect(await limiter.run(async () => 'ok')).toBe('ok');
  });
});
