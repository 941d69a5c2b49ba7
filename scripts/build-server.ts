// npm run build runs this: the API server compiled to one ESM file, dist/server-app/main.js, which npm start runs with
// plain node (no TypeScript compiler in the production process), and beside it the embedded database's worker thread,
// dist/server-app/pglite-worker.js. Packages stay in node_modules; only src/ is bundled.
import { join, relative } from 'node:path';
import { root } from '../src/server/site/pages-on-disk';
import { bundleServer } from '../src/build/server-bundle';

const outdir = join(root, 'dist/server-app');
const bytes = await bundleServer(
  [
    { in: join(root, 'src/server/main.ts'), out: 'main' },
    { in: join(root, 'src/server/db/pglite-worker.ts'), out: 'pglite-worker' },
  ],
  outdir,
);
console.log(`server: ${relative(root, outdir)} (${Math.round(bytes / 1024)} kB with source maps)`);
