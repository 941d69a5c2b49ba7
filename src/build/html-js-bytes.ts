import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The scripts an HTML document makes the browser fetch before any interaction: module scripts and modulepreloads. */
function scriptsNamedBy(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...new Set([...scripts, ...preloads])];
}

/** The gzip size of each script an HTML document names, from the build's files (dist/client). */
export function jsBytesNamedBy(html: string, clientDir: string): { file: string; gzip: number }[] {
  return scriptsNamedBy(html).map((src) => ({ file: src, gzip: gzipSync(readFileSync(join(clientDir, src))).length }));
}
