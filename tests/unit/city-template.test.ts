import { describe, expect, it } from 'vitest';
import { composeCityPage, overrideOf, wordedSection } from '../../src/shared/city-template';
import { newCityFacts, newCityRouteProblem, schemaPathFor } from '../../src/shared/city-page';
import type { CityTemplate } from '../../src/shared/generated/city-template';
import type { Block } from '../../src/shared/generated/page-document';
import type { CityPage } from '../../src/shared/generated/city-page';

const office = { street: '3rd Floor, Tower B, Baner Road', city: 'Pune', state: 'Maharashtra', postalCode: '411045', country: 'India' };
const template: CityTemplate = {
  version: 4,
  title: 'City page with a lead form',
  figuresIn: 'numbers',
  eventsIn: 'events',
  faqIn: 'faq',
  locked: ['steps'],
  meta: { title: 'Jobs in {city} | {brand}', description: 'Work in {city}', keywords: '{city}', subject: '{city}' },
  blocks: [
    {
      type: 'hero',
      id: 'top',
      heading: 'Jobs in {city}',
      buttons: [
        { label: 'Register Now', action: { scrollTo: 'lead' } },
        { label: 'Upcoming Events', action: { scrollTo: 'events' } },
      ],
    },
    { type: 'stats', id: 'numbers', items: [{ value: '100+', label: 'Example' }] },
    { type: 'steps', id: 'steps', heading: 'How It Works', steps: [{ title: 'Sign Up', text: 'In {city}' }] },
    { type: 'form', id: 'lead', form: { form: 'city-lead', heading: 'Register in {city}', fixed: { city: '{city}' } } },
    {
      type: 'events',
      id: 'events',
      heading: 'Events in {city}',
      events: [{ title: 'Example', date: '2026-12-12', time: '10 AM', location: '{city}', category: 'Job Fair', description: 'x' }],
    },
    { type: 'faq', id: 'faq', items: [{ question: 'Is it free?', answer: 'Yes.' }] },
  ],
};
const pune = (more: Partial<CityPage> = {}): CityPage => ({
  ...newCityFacts('city-lead-form', '/franchise/pune', { name: 'Pune', state: 'Maharashtra', office }),
  ...more,
});

describe('a new city page', () => {
  it('is the template it is made from and the city facts given, nothing else, its schema found from its file', () => {
    expect(pune()).toEqual({
      $schema: '../../schemas/city-page.json',
      version: 4,
      template: 'city-lead-form',
      route: '/franchise/pune',
      city: { name: 'Pune', state: 'Maharashtra', office },
    });
    expect(schemaPathFor('pages/pune.json')).toBe('../schemas/page.json');
    expect(newCityRouteProblem('franchise/pune')).toMatch(/must look like \/franchise\/pune/);
    expect(newCityRouteProblem('/franchise/pune')).toBeUndefined();
  });
});

describe('a city page made from its template and its facts', () => {
  it("writes the city's name for {city}, and leaves out figures and events it does not have, with the buttons to them", () => {
    const { page, sections } = composeCityPage(pune(), template);
    expect(page.meta.title).toBe('Jobs in Pune | {brand}');
    expect(page.blocks.map((b) => b.id)).toEqual(['top', 'steps', 'lead', 'faq']);
    expect(sections).toEqual(['top', 'steps', 'lead', 'faq']);
    expect(page.blocks[0]).toEqual({
      type: 'hero',
      id: 'top',
      heading: 'Jobs in Pune',
      buttons: [{ label: 'Register Now', action: { scrollTo: 'lead' } }],
    });
    expect(page.blocks[2]).toMatchObject({ form: { fixed: { city: 'Pune' } } });
    expect(page).toMatchObject({ $schema: '../../schemas/page.json', route: '/franchise/pune', city: { name: 'Pune', office } });
  });

  it("shows the city's own figures and events, and adds its questions after the template's", () => {
    const figures = [{ value: '120+', label: 'Placements' }];
    const events = [
      { title: 'Pune Walk-in', repeats: 'Every Friday', time: '11 AM', location: 'Baner', category: 'Walk-in' as const, description: 'x' },
    ];
    const faq = [{ question: 'Where is the office?', answer: 'Baner Road.' }];
    const { page } = composeCityPage(pune({ figures, events, faq }), template);
    expect(page.blocks.map((b) => b.id)).toEqual(['top', 'numbers', 'steps', 'lead', 'events', 'faq']);
    expect(page.blocks[1]).toMatchObject({ items: figures });
    expect(page.blocks[4]).toMatchObject({ heading: 'Events in Pune', events });
    expect(page.blocks[5]).toMatchObject({ items: [{ question: 'Is it free?', answer: 'Yes.' }, ...faq] });
  });

  it('takes the fields a city words its own way, leaves out a field or section given as null, and follows a new anchor', () => {
    const overrides = {
      top: { heading: 'Work in Pune', buttons: null },
      lead: { id: 'lead-capture' },
      faq: null,
      numbers: { type: 'rich-text', sections: [{ paragraphs: ['About Pune'] }] },
    };
    const { page } = composeCityPage(pune({ overrides, meta: { title: 'Pune jobs' } }), template);
    expect(page.meta).toMatchObject({ title: 'Pune jobs', description: 'Work in Pune' });
    expect(page.blocks).toEqual([
      { type: 'hero', id: 'top', heading: 'Work in Pune' },
      { type: 'rich-text', sections: [{ paragraphs: ['About Pune'] }] },
      { type: 'steps', id: 'steps', heading: 'How It Works', steps: [{ title: 'Sign Up', text: 'In Pune' }] },
      { type: 'form', id: 'lead-capture', form: { form: 'city-lead', heading: 'Register in Pune', fixed: { city: 'Pune' } } },
    ]);
    // The template's button to the renamed section follows it.
    const renamed = composeCityPage(pune({ overrides: { lead: { id: 'lead-capture' } } }), template).page;
    expect(renamed.blocks[0]).toMatchObject({ buttons: [{ label: 'Register Now', action: { scrollTo: 'lead-capture' } }] });
  });
});

describe("a section as the editor edits it, kept as the city's wording", () => {
  const hero = template.blocks[0] as Extract<Block, { type: 'hero' }>;

  it('keeps only what differs from the template, null for a field emptied, nothing when the edit says what the template says', () => {
    expect(overrideOf(hero, { ...hero })).toBeUndefined();
    expect(overrideOf(hero, { ...hero, heading: 'Pune hires faster' })).toEqual({ heading: 'Pune hires faster' });
    // A form gives an emptied field as undefined, or leaves it out: both leave the template's field out.
    expect(overrideOf(hero, { ...hero, heading: undefined })).toEqual({ heading: null });
    const { heading: _h, ...withoutHeading } = hero;
    expect(overrideOf(hero, withoutHeading)).toEqual({ heading: null });
    // A field the city's facts fill is not the edit's to change.
    const figures = template.blocks[1]!;
    expect(overrideOf(figures, { type: 'stats', id: 'numbers' }, ['items'])).toBeUndefined();
  });

  it('gives back the section as edited once worded with what the edit kept', () => {
    const edited = { ...hero, heading: 'Pune hires faster', intro: 'New here' };
    expect(wordedSection(hero, overrideOf(hero, edited) as Partial<typeof hero>)).toEqual(edited);
    const { heading: _h, ...withoutHeading } = hero;
    expect(wordedSection(hero, overrideOf(hero, withoutHeading) as Partial<typeof hero>)).toEqual(withoutHeading);
  });
});
