import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/server/db/group-commit';

describe('group commit', () => {
  it('writes what arrives together in one batch, what arrives during a write in the next, each answered in order', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const commit = createGroupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((n) => n * 10);
    });
    const first = [commit(1), commit(2)];
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is being written: these wait for it, then go together.
    const later = [commit(3), commit(4), commit(5)];
    release();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('splits a flood into batches of at most the limit', async () => {
    const sizes: number[] = [];
    const commit = createGroupCommit(async (items: number[]) => (sizes.push(items.length), items), 256);
    const results = await Promise.all(Array.from({ length: 600 }, (_, i) => commit(i)));
    expect(results).toEqual(Array.from({ length: 600 }, (_, i) => i));
    expect(sizes).toEqual([256, 256, 88]);
  });

  it('rejects every item of a batch whose write fails, and still writes what waited behind it', async () => {
    let release: () => void = () => {};
    const batches: string[][] = [];
    const commit = createGroupCommit(async (items: string[]) => {
      batches.push(items);
      if (batches.length === 1) {
        await new Promise<void>((resolve) => (release = resolve));
        throw new Error('connection lost');
      }
      return items;
    });
    const failing = Promise.allSettled([commit('a'), commit('b')]);
    await new Promise((resolve) => setImmediate(resolve));
    const waited = commit('c');
    release();
    expect((await failing).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await waited).toBe('c');
    expect(await commit('d')).toBe('d');
    expect(batches).toEqual([['a', 'b'], ['c'], ['d']]);
  });
});
