import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { CityPage } from '../../src/shared/generated/city-page';
import { publicPageRenderer } from '../../src/server/site/public-page-html';
import { readPageAsWritten, root, templatesDir } from '../../src/server/site/pages-on-disk';
import { distDir } from '../support/test-server';

// A city page published in the editor is kept as its facts; the server renders it with the templates it has now.
const templates = mkdtempSync(join(tmpdir(), 'hireframe-templates-'));
cpSync(templatesDir, templates, { recursive: true });
afterAll(() => rmSync(templates, { recursive: true, force: true }));

it("renders a city's facts with its template as it is now: a changed template is another build, and reaches the page", async () => {
  const surat = readPageAsWritten(join(root, 'pages/franchise/surat.json')) as unknown as CityPage;
  const before = publicPageRenderer(distDir, templates);
  expect((await before.render(surat)).html).toContain('How It Works');

  // The layout's locked steps, reworded in the template alone: no city file changes.
  const file = join(templates, 'city-lead-form.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"How It Works"', '"How We Work With You"'));
  // As the server after the deploy: its published pages were made by another build, so they are rendered again.
  const after = publicPageRenderer(distDir, templates);
  expect(await after.build()).not.toBe(await before.build());
  const html = (await after.render(surat)).html;
  expect(html).toContain('How We Work With You');
  expect(html).toContain('Office 512, 5th Floor, Platinum Plaza, Ring Road');
});
