import { fsyncSync } from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitArgs = Parameters<NodeFS['init']>;

interface NodeFsInternals {
  stream_ops?: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation?: <T>(fn: () => T) => T;
}

/**
 * PGlite's Node filesystem with a real fsync. Emscripten's NODEFS has no fsync operation, so PostgreSQL's fsync()
 * calls return success without reaching the disk; this adds one that calls fsync(2) on the underlying file.
 * fdatasync() stays a no-op in Emscripten, hence wal_sync_method=fsync (see pglite.ts).
 */
export class DurableNodeFS extends NodeFS {
  /** False when this PGlite build no longer exposes NODEFS as expected, and fsync could not be installed. */
  installed = false;

  override async init(...args: InitArgs) {
    const result = await super.init(...args);
    const preRun = [...((result.emscriptenOpts.preRun as unknown[]) ?? [])];
    preRun.push((mod: { NODEFS?: NodeFsInternals }) => {
      const nodefs = mod.NODEFS;
      if (!nodefs?.stream_ops || !nodefs.tryFSOperation) return;
      const attempt = nodefs.tryFSOperation.bind(nodefs);
      // Errors go through tryFSOperation so PostgreSQL sees an errno (and treats a failed fsync as it must).
      nodefs.stream_ops.fsync = (stream) => attempt(() => (stream.nfd === undefined ? 0 : (fsyncSync(stream.nfd), 0)));
      this.installed = true;
    });
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun: preRun as never } };
  }
}
