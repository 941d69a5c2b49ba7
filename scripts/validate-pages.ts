// Checks every JSON document in pages/ against its schema and the rules that cross files.
import { checkPages, describeProblem } from '../src/server/content-checks/check-pages';
import { readPageFiles } from '../src/server/site/pages-on-disk';

const files = readPageFiles();
const problems = checkPages(files, { diskCache: true });
for (const p of problems) console.error(describeProblem(p));
if (problems.length) {
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in pages/.`);
  process.exit(1);
}
console.log(`pages/: ${files.length} documents valid.`);
