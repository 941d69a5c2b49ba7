import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { LRUCache } from 'lru-cache';

export interface CachedFiles {
  /** A file under the directory, or undefined when there is none by that name. */
  read(file: string): Promise<Buffer | undefined>;
  /** Bytes held now: never more than the cap. */
  readonly bytes: number;
}

/**
 * Files of one directory read on demand and kept, least recently used first out, up to a number of bytes: memory
 * stays the same however many files there are. Two requests for a file not yet held share one read.
 */
export function cachedFiles(dir: string, maxBytes: number): CachedFiles {
  const cache = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (body) => Math.max(body.length, 1),
    async fetchMethod(file) {
      const path = join(dir, file);
      // Callers pass names built from checked routes; this keeps any other name out of the directory regardless.
      if (relative(dir, path).startsWith(`..${sep}`) || relative(dir, path) === '..') return undefined;
      try {
        return await readFile(path);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
        throw error;
      }
    },
  });
  return {
    read: (file) => cache.fetch(file),
    get bytes() {
      return cache.calculatedSize;
    },
  };
}
