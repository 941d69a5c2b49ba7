// Writes a new page from an existing one: npm run new-page -- --template franchise/surat --route /franchise/pune --name Pune
// Every mention of the template's city becomes the new name; the route changes; the result is validated.
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { checkPages } from '../src/server/content-checks/check-pages';
import { cityNameOf, cityPageFromTemplate, cityTemplateProblem } from '../src/shared/city-page';
import { pageFileForRoute } from '../src/server/site/page-file-for-route';
import { sourcePages } from '../src/server/site/source-pages';
import { pagesDir, readPageDocument, readPageFiles, root } from '../src/server/site/pages-on-disk';

const { values } = parseArgs({
  options: { template: { type: 'string' }, route: { type: 'string' }, name: { type: 'string' } },
});
const { template, route, name } = values;
if (!template || !route || !name) {
  console.error('Usage: npm run new-page -- --template franchise/surat --route /franchise/pune --name Pune');
  process.exit(2);
}
const templateFile = join(pagesDir, `${template.replace(/\.json$/, '')}.json`);
if (!existsSync(templateFile)) {
  console.error(`No template ${relative(root, templateFile)}`);
  process.exit(2);
}
const filed = pageFileForRoute(route, sourcePages());
if ('refused' in filed || existsSync(join(root, filed.file))) {
  console.error('refused' in filed ? filed.refused : `${filed.file} exists already; choose another route or edit that file.`);
  process.exit(2);
}
const target = join(root, filed.file);

const doc = readPageDocument(templateFile);
const problem = cityTemplateProblem(doc, route);
if (problem) {
  console.error(problem.replace('The template', relative(root, templateFile)));
  process.exit(2);
}
const page = cityPageFromTemplate(doc, route, name);

const text = `${JSON.stringify(page, null, 2)}\n`;
const file = relative(root, target);
const others = readPageFiles();
const problems = checkPages([...others, { file, kind: 'page', text }], { diskCache: true }).filter((p) => p.file === file);
if (problems.length) {
  for (const p of problems) console.error(`${p.file}:${p.line}:${p.column} ${p.pointer} ${p.message}`);
  console.error('Not written: the new page would not be valid.');
  process.exit(1);
}
writeFileSync(target, text);
console.log(`Wrote ${file} (${route}), from ${relative(root, templateFile)} with ${cityNameOf(doc)} → ${name}.`);
console.log('Review what a rename cannot know: street addresses, event dates and venues, and local figures.');
