// The few parts of POSIX ustar a backup needs: regular files with relative names, written and read as streams, so
// `tar -tzf backup.tar.gz` lists an archive and `tar -xzf` unpacks it by hand too.
import type { Readable } from 'node:stream';

const BLOCK = 512;

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes: a buffer, or chunks that add up to exactly size. */
  body: Buffer | AsyncIterable<Buffer>;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: number): Buffer {
  const bytes = Buffer.byteLength(name);
  if (!bytes || bytes > 100 || name.startsWith('/') || name.split('/').includes('..')) throw new Error(`Cannot archive the name ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7), 148, 'ascii');
  return block;
}

/** The archive's bytes, entry after entry; a body that is shorter or longer than its size is an error. */
export async function* tarStream(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>, mtime = Date.now()): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield header(entry.name, entry.size, mtime);
    let written = 0;
    for await (const chunk of Buffer.isBuffer(entry.body) ? [entry.body] : entry.body) {
      written += chunk.length;
      if (written > entry.size) throw new Error(`${entry.name} grew while it was archived`);
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`${entry.name} shrank while it was archived`);
    if (entry.size % BLOCK) yield Buffer.alloc(BLOCK - (entry.size % BLOCK));
  }
  yield Buffer.alloc(BLOCK * 2);
}

export interface TarReader {
  /** Called for every regular file; the entry's bytes arrive in order through write, then end is awaited. */
  (name: string, size: number): Promise<{ write(chunk: Buffer): Promise<void> | void; end(): Promise<void> | void }>;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul < 0 ? length : nul).toString('utf8');
}

/** Reads an uncompressed tar stream, handing each regular file to onEntry. Rejects a damaged or cut-off archive. */
export async function readTar(stream: Readable | AsyncIterable<Buffer>, onEntry: TarReader): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let sink: Awaited<ReturnType<TarReader>> | undefined;
  let remaining = 0;
  let padding = 0;
  let ended = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (remaining > 0) {
        if (!pending.length) break;
        const part = pending.subarray(0, Math.min(remaining, pending.length));
        pending = pending.subarray(part.length);
        remaining -= part.length;
        if (sink) await sink.write(part);
        if (remaining === 0 && sink) {
          await sink.end();
          sink = undefined;
        }
        continue;
      }
      if (padding > 0) {
        const skip = Math.min(padding, pending.length);
        pending = pending.subarray(skip);
        padding -= skip;
        if (padding > 0) break;
        continue;
      }
      if (ended || pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
      if (sum !== parseInt(field(block, 148, 8).trim(), 8)) throw new Error('The archive is damaged (a header checksum does not match).');
      const size = parseInt(field(block, 124, 12).trim() || '0', 8);
      const prefix = field(block, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100);
      const type = field(block, 156, 1) || '0';
      remaining = size;
      padding = size % BLOCK ? BLOCK - (size % BLOCK) : 0;
      // Directories and anything but plain files are skipped; names that would leave the target are refused.
      if (type !== '0') continue;
      if (name.startsWith('/') || name.split('/').includes('..')) throw new Error(`The archive names a path outside its folder: ${name}`);
      sink = await onEntry(name, size);
      if (size === 0) {
        await sink.end();
        sink = undefined;
      }
    }
  }
  if (!ended || remaining > 0) throw new Error('The archive ends too early: it is incomplete.');
}
