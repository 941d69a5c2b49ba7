import { use } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/constants';

/**
 * A load's promise, marked with its outcome the way React's use() reads a promise it has not seen before (status,
 * value, reason): a promise settled before a render is read at once instead of suspending.
 */
type TrackedPromise<T> = Promise<T> & { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const entries = new Map<string, TrackedPromise<unknown>>();

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
  let promise = entries.get(key) as TrackedPromise<T> | undefined;
  if (!promise) {
    const created = Object.assign(withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS), { status: 'pending' as const }) as TrackedPromise<T>;
    created.then(
      (value) => Object.assign(created, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(created, { status: 'rejected', reason });
        // A failed load (a slow network, a time-out) is tried afresh next time.
        if (entries.get(key) === created) entries.delete(key);
      },
    );
    entries.set(key, created as TrackedPromise<unknown>);
    promise = created;
  }
  return promise;
}

/** Drops what was loaded under a key. */
export function forget(key: string) {
  entries.delete(key);
}

/**
 * Reads a loaded value, suspending until it is there. A value loaded before rendering (prerender, hydration) is
 * returned at once, so server and browser render the same markup. use() is called every time: a component that
 * suspended on it and is replayed once the load has settled must call it again, or React replays the component's
 * hooks as an update and fails ("Update hook called on initial render"), recovering only by rendering it again.
 */
export function useResource<T>(key: string, load: () => Promise<T>): T {
  return use(preload(key, load));
}
