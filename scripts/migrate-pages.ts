// npm run migrate-pages: rewrites the page files of pages/ written in an earlier shape into the current one (the steps
// of src/shared/page-migrations), changing only what the steps change, and names each file with what changed in it.
// With --check it writes nothing and fails when a file is behind (npm run generate -- --check does the same in CI).
import { describeBehind, migratePageFiles, pageFilesBehind } from '../src/server/site/page-file-migrations';
import { currentPageVersion } from '../src/shared/page-migrations/migrate-page';
import { pageSteps } from '../src/shared/page-migrations/page-steps';

if (process.argv.includes('--check')) {
  const behind = pageFilesBehind();
  for (const file of behind) console.error(describeBehind(file));
  if (behind.length) {
    console.error(`${behind.length} page file(s) of an earlier shape: run npm run migrate-pages and commit the result.`);
    process.exit(1);
  }
  console.log(`Every page file is of version ${currentPageVersion}.`);
} else {
  const rewritten = migratePageFiles();
  for (const { file, from, to, changed } of rewritten)
    console.log(`${file}: version ${from} → ${to}${changed.map((p) => `, ${p}`).join('')}`);
  const oldest = Math.min(...rewritten.map((file) => file.from));
  if (rewritten.length) console.log('\nThe steps applied:');
  for (const step of pageSteps.filter((s) => s.from >= oldest)) console.log(`  ${step.from} → ${step.to}: ${step.describe}`);
  console.log(`${rewritten.length} page file(s) rewritten to version ${currentPageVersion}; review with git diff, then npm run validate.`);
}
