import { use } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/constants';

type Entry<T> = { promise: Promise<T>; status: 'pending' | 'fulfilled' | 'rejected'; value?: T; error?: unknown };

const entries = new Map<string, Entry<unknown>>();

class LoadTimeoutError extends Error {
  constructor() {
    super('Loading took too long');
  }
}

/** Every load here is a chunk download; a stalled one fails after the spec's time-out so the visitor can retry. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError()), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** Starts loading once per key and remembers the outcome. */
export function preload<T>(key: string, load: () => Promise<T>): Promise<T> {
  let entry = entries.get(key) as Entry<T> | undefined;
  if (!entry) {
    const promise = withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    const created: Entry<T> = { promise, status: 'pending' };
    promise.then(
      (value) => Object.assign(created, { status: 'fulfilled', value }),
      (error) => {
        Object.assign(created, { status: 'rejected', error });
        // A failed load (a slow network, a time-out) is tried afresh next time.
        entries.delete(key);
      },
    );
    entries.set(key, created as Entry<unknown>);
    entry = created;
  }
  return entry.promise;
}

/** Drops what was loaded under a key. */
export function forget(key: string) {
  entries.delete(key);
}

/**
 * Reads a loaded value, suspending until it is there. A value loaded before rendering (prerender, hydration)
 * is returned at once, so server and browser render the same markup.
 */
export function useResource<T>(key: string, load: () => Promise<T>): T {
  const promise = preload(key, load);
  const entry = entries.get(key) as Entry<T> | undefined;
  if (entry?.status === 'fulfilled') return entry.value as T;
  return use(promise);
}
