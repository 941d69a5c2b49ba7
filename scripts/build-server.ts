// npm run build runs this: the API server compiled to one ESM file, dist/server-app/main.js, which npm start runs with
// plain node (no TypeScript compiler in the production process), and beside it the embedded database's worker thread,
// dist/server-app/pglite-worker.js. Packages stay in node_modules; only src/ is bundled.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { root } from '../src/server/site/pages-on-disk';

const outdir = join(root, 'dist/server-app');
const outfile = join(outdir, 'main.js');

/**
 * Modules that find files next to themselves (migrations, pages/) use import.meta.url; in the bundle it would name
 * dist/server-app/main.js, so each one gets the address of its own source file, relative to the bundle.
 */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async ({ path }) => {
      const contents = await readFile(path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(outfile), path).split('\\').join('/');
      return {
        contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

const result = await build({
  entryPoints: [
    { in: join(root, 'src/server/main.ts'), out: 'main' },
    { in: join(root, 'src/server/db/pglite-worker.ts'), out: 'pglite-worker' },
  ],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [sourceLocations],
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`server: ${relative(root, outdir)} (${Math.round(bytes / 1024)} kB with source maps)`);
