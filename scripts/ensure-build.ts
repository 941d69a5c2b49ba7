// npm start runs this first: builds when there is no build, or when sources changed since the last one (the server
// is compiled from src/ too, so a changed server file rebuilds it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../src/server/site/pages-on-disk';

const marker = join(root, 'dist/pages/routes.json');
/** npm start runs the compiled server; a build from before it was compiled lacks it. */
const server = join(root, 'dist/server-app/main.js');

function newestChange(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs;
    return Math.max(newest, time);
  }, 0);
}

const sources = ['pages', 'schemas', 'src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));
const built = existsSync(marker) && existsSync(server) ? statSync(marker).mtimeMs : 0;
const changed = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestChange(p) : statSync(p).mtimeMs)));
if (changed > built) {
  console.log(built ? 'Sources changed since the last build: building.' : 'No build yet: building.');
  // The build names what is wrong itself (a page, a form, a type error); a stack trace of this script would bury it.
  const { status } = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) {
    console.error('\nThe build failed, so the site was not started: fix what the lines above name, then run npm start again.');
    process.exit(1);
  }
}
