import { describe, expect, it } from 'vitest';
import { describeChanges, pageChanges } from '../../src/shared/page-diff';
import { cityPageFromTemplate, cityTemplateProblem, schemaPathFor } from '../../src/shared/city-page';

describe('what changed between two versions of a page', () => {
  const before = { route: '/x', meta: { title: 'A' }, blocks: [{ type: 'hero', heading: 'Old' }, { type: 'faq' }] };

  it('names each changed text at its own pointer, and blocks added or removed at the end', () => {
    const after = { route: '/x', meta: { title: 'A' }, blocks: [{ type: 'hero', heading: 'New' }] };
    expect(pageChanges(before, after)).toEqual([
      { pointer: '/blocks/0/heading', before: 'Old', after: 'New' },
      { pointer: '/blocks/1', before: { type: 'faq' } },
    ]);
    expect(describeChanges(pageChanges(before, after))).toBe('blocks/0/heading changed, blocks/1 removed');
    expect(pageChanges(before, structuredClone(before))).toEqual([]);
    expect(describeChanges([])).toBe('no changes');
  });
});

describe('a city page from a template', () => {
  const surat = {
    $schema: '../../schemas/page.json',
    route: '/franchise/surat',
    city: { name: 'Surat' },
    meta: { title: 'Jobs in Surat' },
  };

  it('renames the city as a word, sets the route and points $schema from the new file', () => {
    const page = cityPageFromTemplate({ ...surat, blocks: [{ heading: 'Suratis in Surat' }] }, '/pune', 'Pune');
    expect(page).toMatchObject({
      route: '/pune',
      city: { name: 'Pune' },
      meta: { title: 'Jobs in Pune' },
      $schema: '../schemas/page.json',
    });
    expect(page.blocks).toEqual([{ heading: 'Suratis in Pune' }]);
    expect(schemaPathFor('pages/franchise/pune.json')).toBe('../../schemas/page.json');
  });

  it("names a form the template names by an alias by the form's own id, so the new city's records are not filed as the old city's", () => {
    const rampur = { ...surat, route: '/franchise/rampur', city: { name: 'Rampur' } };
    const form = { form: 'rampur-registration', fixed: { city: 'Rampur' }, choices: { industry: ['agriculture'] } };
    const page = cityPageFromTemplate({ ...rampur, blocks: [{ type: 'form', form }] }, '/franchise/pune', 'Pune');
    expect(page.blocks).toEqual([
      { type: 'form', form: { form: 'city-industry-registration', fixed: { city: 'Pune' }, choices: { industry: ['agriculture'] } } },
    ]);
  });

  it('refuses a route that is not a site path, and a template without a city', () => {
    expect(cityTemplateProblem(surat, 'franchise/pune')).toMatch(/must look like/);
    expect(cityTemplateProblem({ route: '/about' }, '/pune')).toMatch(/no "city"/);
    expect(cityTemplateProblem(surat, '/franchise/pune')).toBeUndefined();
  });
});
