// A backup is a plain tar archive (gzipped by the caller), written and read as streams by tar-stream, so
// `tar -tzf backup.tar.gz` lists one and `tar -xzf` unpacks it by hand too. What stays ours: names never leave the
// folder the archive is unpacked in, and a damaged or cut-off file is refused in words a person restoring it reads.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract, pack, type Pack } from 'tar-stream';

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes: a buffer, or chunks that add up to exactly size. */
  body: Buffer | AsyncIterable<Buffer>;
}

/** A relative name inside the archive's folder: no absolute path, no `..` step. */
const isContainedName = (name: string) => name !== '' && !name.startsWith('/') && !name.split('/').includes('..');

/** The body's chunks, failing as soon as they stop adding up to the size the header already promised. */
async function* sized({ name, size, body }: TarEntry): AsyncGenerator<Buffer> {
  let written = 0;
  for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
    written += chunk.length;
    if (written > size) throw new Error(`${name} grew while it was archived`);
    yield chunk;
  }
  if (written !== size) throw new Error(`${name} shrank while it was archived`);
}

async function writeEntry(archive: Pack, entry: TarEntry, mtime: Date) {
  if (!isContainedName(entry.name)) throw new Error(`Cannot archive the name ${entry.name}`);
  // tar-stream's streams are streamx streams, which Node's pipeline drives like its own.
  const sink = archive.entry({ name: entry.name, size: entry.size, mode: 0o600, mtime }) as unknown as NodeJS.WritableStream;
  await pipeline(Readable.from(sized(entry)), sink);
}

/** The archive's bytes, entry after entry; it fails (as a stream error) on a body that does not match its size. */
export function tarStream(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>, mtime = new Date()): Readable {
  const archive = pack();
  void (async () => {
    for await (const entry of entries) await writeEntry(archive, entry, mtime);
    archive.finalize();
  })().catch((error: Error) => archive.destroy(error));
  return Readable.from(archive);
}

/** tar-stream's findings, said as what they mean for the backup. */
function readError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'Unexpected end of data') return new Error('The archive ends too early: it is incomplete.', { cause: error });
  if (message.startsWith('Invalid tar header') || message === 'Invalid header')
    return new Error('The archive is damaged (a header checksum does not match).', { cause: error });
  return error instanceof Error ? error : new Error(message);
}

/** An entry's bytes: tar-stream hands out Buffers, typed as unknown. */
async function* buffers(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of source) yield chunk as Buffer;
}

/**
 * Each regular file of an uncompressed tar stream, in order, with its bytes as a stream the caller reads (or
 * resumes) before asking for the next. Anything but a plain file is skipped; a name that would leave the target
 * folder, a damaged header or a cut-off archive rejects.
 */
export async function* tarEntries(stream: Readable): AsyncGenerator<{ name: string; size: number; body: AsyncIterable<Buffer> }> {
  const reader = extract();
  const done = pipeline(stream, reader as unknown as NodeJS.WritableStream);
  done.catch(() => undefined); // surfaced below, after the entries
  try {
    for await (const entry of reader) {
      const { name, size = 0, type } = entry.header;
      if (type !== 'file') {
        for await (const _chunk of entry); // skipped, but read, so the next entry can follow
        continue;
      }
      if (!isContainedName(name)) throw new Error(`The archive names a path outside its folder: ${name}`);
      yield { name, size, body: buffers(entry) };
    }
    await done;
  } catch (error) {
    stream.destroy();
    throw readError(error);
  }
}
