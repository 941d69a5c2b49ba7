import type { Block, City, PageDocument } from './generated/page-document';
import type { CityPage } from './generated/city-page';
import type { CityTemplate } from './generated/city-template';
import { fillPlaceholders } from './placeholders.ts';
import type { Locale } from './locales.ts';
import { isLocalizedText, mapText } from './localized-text.ts';

/** The placeholder a template writes for the city's name: {city}. */
export const CITY_NAME_PLACEHOLDER = 'city';

/** Where templates live, under pages/. */
export const TEMPLATES_FOLDER = 'templates';

/** Whether a page document is a city page written as its facts (it names a template) rather than as blocks. */
export const isCityFacts = (document: unknown): document is CityPage =>
  !!document && typeof document === 'object' && typeof (document as { template?: unknown }).template === 'string';

/** A composed page and, for each of its blocks, the anchor of the template section it was made from. */
export interface ComposedCityPage {
  page: PageDocument;
  sections: string[];
}

/**
 * A template's text with {city} written as the city's name, in each language as the city writes it there (`names`),
 * else in English; the site's placeholders ({brand}) stay for later.
 */
export function fillCityName<T>(value: T, city: Pick<City, 'name' | 'names'>): T {
  const named = (words: string, locale: Locale) => fillPlaceholders(words, { [CITY_NAME_PLACEHOLDER]: city.names?.[locale] ?? city.name });
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string' || isLocalizedText(v)) return mapText(v, named);
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Buttons (and links) that scroll to a section: to its new anchor where the city renamed it, and left out where the
 * page does not have the section.
 */
function relinked<T>(value: T, renamed: ReadonlyMap<string, string>, gone: ReadonlySet<string>): T {
  const target = (v: unknown) =>
    isObject(v) && isObject(v.action) && typeof v.action.scrollTo === 'string' ? v.action.scrollTo : undefined;
  const goesNowhere = (v: unknown) => {
    const to = target(v);
    return to !== undefined && gone.has(to) && !renamed.has(to);
  };
  const fix = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.filter((item) => !goesNowhere(item)).map(fix);
    if (!isObject(v)) return v;
    const to = target(v);
    const object = to !== undefined && renamed.has(to) ? { ...v, action: { ...(v.action as object), scrollTo: renamed.get(to) } } : v;
    return Object.fromEntries(Object.entries(object).flatMap(([k, x]) => (goesNowhere(x) ? [] : [[k, fix(x)]])));
  };
  return fix(value) as T;
}

/**
 * A template's section as a city words it: the override's fields in place of the template's, a field given as null
 * left out; an override of another type is a section of its own.
 */
export function wordedSection(block: Block, override: Partial<Block> | null | undefined): Block {
  if (!override) return block;
  if (override.type && override.type !== block.type) return override as Block;
  return Object.fromEntries(Object.entries({ ...block, ...override }).filter(([, value]) => value !== null)) as Block;
}

/**
 * What a city says differently in a template's section, from the section as edited: each field that differs from the
 * template's, null for one of the template's the edit left out (`keep` names fields the edit does not hold, which stay
 * the template's). Undefined when the edit says what the template says.
 */
export function overrideOf(
  block: Block,
  edited: Record<string, unknown>,
  keep: readonly string[] = [],
): Record<string, unknown> | undefined {
  const template = block as unknown as Record<string, unknown>;
  const override: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(template), ...Object.keys(edited)])) {
    if (key === 'type' || keep.includes(key)) continue;
    // A field emptied in a form is undefined there: left out, as one the edit does not have.
    if (edited[key] === undefined) {
      if (template[key] !== undefined) override[key] = null;
    } else if (JSON.stringify(edited[key]) !== JSON.stringify(template[key])) override[key] = edited[key];
  }
  return Object.keys(override).length ? override : undefined;
}

/**
 * The page a city's facts and its template make: the template's sections in the template's order, {city} written as
 * the city's name. The figures and events sections show the city's own, or are left out when it has none: a new city
 * never shows another's. The city's questions follow the template's. A section the city words differently takes the
 * city's fields (a field given as null is left out; a whole section when its type differs, and buttons follow it to a
 * new anchor); one the city leaves out goes, with the buttons that scrolled to it. The checks
 * (src/server/content-checks) refuse an override of a locked or unknown section.
 */
export function composeCityPage(facts: CityPage, template: CityTemplate): ComposedCityPage {
  const overrides = facts.overrides ?? {};
  const left = new Set<string>();
  // A section that shows figures or events the city has none of goes, unless the city words it its own way.
  if (template.figuresIn && !facts.figures && !overrides[template.figuresIn]) left.add(template.figuresIn);
  if (template.eventsIn && !facts.events && !overrides[template.eventsIn]) left.add(template.eventsIn);
  for (const [id, override] of Object.entries(overrides)) if (override === null) left.add(id);

  const blocks: Block[] = [];
  const sections: string[] = [];
  const gone = new Set<string>();
  const renamed = new Map<string, string>();
  for (const block of fillCityName(template.blocks, facts.city)) {
    const id = block.id ?? '';
    if (left.has(id)) {
      gone.add(id);
      continue;
    }
    let composed = wordedSection(block, overrides[id] as Partial<Block> | undefined);
    if (id === template.figuresIn && facts.figures && composed.type === 'stats') composed = { ...composed, items: facts.figures };
    if (id === template.eventsIn && facts.events && composed.type === 'events') composed = { ...composed, events: facts.events };
    if (id === template.faqIn && facts.faq && composed.type === 'faq') composed = { ...composed, items: [...composed.items, ...facts.faq] };
    // An override may give the section another anchor: the template's scrolls to it follow.
    if (block.id && composed.id && composed.id !== block.id) renamed.set(block.id, composed.id);
    blocks.push(composed);
    sections.push(id);
  }
  const page: PageDocument = {
    // The page schema, found from the same file as the facts' schema.
    ...(facts.$schema ? { $schema: facts.$schema.replace(/city-page\.json$/, 'page.json') } : {}),
    version: facts.version,
    route: facts.route,
    ...(facts.locales ? { locales: facts.locales } : {}),
    city: facts.city,
    meta: { ...fillCityName(template.meta, facts.city), ...facts.meta },
    blocks: relinked(blocks, renamed, gone),
  };
  return { page, sections };
}
