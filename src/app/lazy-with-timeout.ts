import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/constants';

/** React.lazy whose download fails after the spec's chunk time-out instead of waiting for ever. */
export function lazyWithTimeout<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Loading took too long')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (m) => (clearTimeout(timer), resolve(m)),
          (e) => (clearTimeout(timer), reject(e)),
        );
      }),
  );
}
