import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What browsers fetch as text; source maps are left to on-the-fly compression (only developer tools ask for them). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
/** The same floor as the server's on-the-fly compression (src/server/app.ts): below it, headers outweigh the saving. */
const MIN_BYTES = 1024;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes file.br and file.gz beside each text file of dir worth compressing, each only where it is smaller. */
export async function precompress(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        toBrotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        toGzip(body, { level: 9 }),
      ]);
      for (const [extension, compressed] of [
        ['br', br],
        ['gz', gz],
      ] as const) {
        if (compressed.length >= body.length) continue;
        await writeFile(`${file}.${extension}`, compressed);
        written++;
      }
    }),
  );
  return written;
}

/**
 * The client build's scripts, styles and images compressed once, at their best, beside the files: the server sends
 * them as they are (@fastify/static's preCompressed) instead of compressing every request at a lower setting, which
 * cost the server several milliseconds a file and the visitor bytes.
 */
export function precompressedAssets(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'hireframe-precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = !!config.build.ssr;
    },
    async closeBundle() {
      if (!ssr) await precompress(outDir);
    },
  };
}
