import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * Modules that find files next to themselves (migrations, pages/) use import.meta.url; in a bundle it would name the
 * bundle, so each one gets the address of its own source file, relative to the bundle's directory.
 */
function sourceLocations(outdir: string): Plugin {
  return {
    name: 'source-locations',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async ({ path }) => {
        const contents = await readFile(path, 'utf8');
        if (!contents.includes('import.meta.url')) return undefined;
        const fromBundle = relative(outdir, path).split('\\').join('/');
        return {
          contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
          loader: path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/**
 * Server entry points compiled to ESM files in outdir, run by plain node. Packages stay external, so outdir must lie
 * inside the project, where node_modules resolves. Answers the bytes written, source maps included.
 */
export async function bundleServer(entries: { in: string; out: string }[], outdir: string): Promise<number> {
  const result = await build({
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [sourceLocations(outdir)],
  });
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}
