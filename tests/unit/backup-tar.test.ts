import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pack } from 'tar-stream';
import { tarEntries, tarStream, type TarEntry } from '../../src/server/control/tar';

const dir = mkdtempSync(join(tmpdir(), 'hireframe-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entries: TarEntry[] = [0, 1, 511, 512, 513, 70_000].map((size, i) => ({
  name: i % 2 ? `uploads/${i}-file` : `entry-${i}.bin`,
  size,
  body: Buffer.alloc(size, i + 1),
}));

async function archive(list: TarEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of tarStream(list)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function read(bytes: Buffer, chunkSize: number) {
  const files = new Map<string, Buffer>();
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) => bytes.subarray(i * chunkSize, (i + 1) * chunkSize));
  for await (const { name, body } of tarEntries(Readable.from(chunks))) {
    const parts: Buffer[] = [];
    for await (const chunk of body) parts.push(chunk);
    files.set(name, Buffer.concat(parts));
  }
  return files;
}

/** An archive made by tar-stream itself, which writes any name it is given. */
async function foreignArchive(name: string): Promise<Buffer> {
  const archive = pack();
  archive.entry({ name }, 'x');
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('backup tar', () => {
  it('reads back what it wrote, however the stream is cut into chunks', async () => {
    const bytes = await archive(entries);
    for (const chunkSize of [1, 7, 512, 4096, bytes.length]) {
      const files = await read(bytes, chunkSize);
      expect([...files.keys()]).toEqual(entries.map((e) => e.name));
      for (const entry of entries) expect(files.get(entry.name)!.equals(entry.body as Buffer)).toBe(true);
    }
  });

  it('is a tar archive the tar command lists', async () => {
    const file = join(dir, 'a.tar.gz');
    writeFileSync(file, gzipSync(await archive(entries)));
    expect(execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(entries.map((e) => e.name));
  });

  it('refuses a cut-off archive and a damaged header, in words for the person restoring it', async () => {
    const bytes = await archive(entries);
    await expect(read(bytes.subarray(0, 2000), 512)).rejects.toThrow(/ends too early/);
    const damaged = Buffer.from(bytes);
    damaged.writeUInt8(damaged.readUInt8(10) ^ 0xff, 10);
    await expect(read(damaged, 512)).rejects.toThrow(/damaged/);
  });

  it('neither writes nor reads a name outside its folder', async () => {
    await expect(archive([{ name: '../escape', size: 0, body: Buffer.alloc(0) }])).rejects.toThrow(/Cannot archive/);
    await expect(archive([{ name: '/etc/passwd', size: 0, body: Buffer.alloc(0) }])).rejects.toThrow(/Cannot archive/);
    await expect(read(await foreignArchive('uploads/../../escape'), 512)).rejects.toThrow(/outside its folder/);
    await expect(read(await foreignArchive('/etc/passwd'), 512)).rejects.toThrow(/outside its folder/);
  });

  it('refuses a body that does not match its size', async () => {
    await expect(archive([{ name: 'short', size: 10, body: Buffer.alloc(5) }])).rejects.toThrow(/short shrank/);
    await expect(archive([{ name: 'long', size: 5, body: Buffer.alloc(10) }])).rejects.toThrow(/long grew/);
  });
});
