/**
 * The changes of shape page documents have been through, oldest first. A document names its shape in `version`;
 * reading one of an earlier shape applies the steps from its version on (migrate-page.ts), so files, revisions and
 * published rows written before a change still open. A step works on plain JSON: the shape it reads is not the
 * current type, and it changes nothing else.
 */
export interface PageStep {
  from: number;
  to: number;
  /** What the step changes, as `npm run migrate-pages` prints it. */
  describe: string;
  /** The document in the next shape; the version is set by the caller. Returns a new object, never edits the one given. */
  up(document: Record<string, unknown>): Record<string, unknown>;
}

export const pageSteps: readonly PageStep[] = [
  {
    from: 1,
    to: 2,
    describe: 'a city page\'s "city" is an object of the city\'s facts: "Surat" becomes { "name": "Surat" }',
    // Spread keeps `city` where it was among the members, so a rewritten file differs in that line only.
    up: (document) => (typeof document.city === 'string' ? { ...document, city: { name: document.city } } : document),
  },
  {
    from: 2,
    to: 3,
    describe: "a city page's office (address, hours, walk-in) is a fact of its city, not of its contact cards",
    up: liftOfficeIntoCity,
  },
  {
    from: 3,
    to: 4,
    describe: 'a text may carry its words in other languages ({ "en": ..., "hi": ... }) and a page may list its "locales"',
    // Nothing of a version 3 document changes: the new version keeps an earlier release, which would show such a text
    // as [object Object], from opening a document that has one.
    up: (document) => document,
  },
];

type Json = Record<string, unknown>;

/**
 * The office a city page's contact cards showed becomes its city's: `city.office`, `officeHours`, `walkIn`, and the
 * state the address names. The cards keep their heading, intro and name for search engines, and show the city's
 * facts (src/shared/city-facts.ts). A page with no city, or no cards with an address, is as it was.
 */
function liftOfficeIntoCity(document: Json): Json {
  const city = document.city as Json | undefined;
  const blocks = document.blocks;
  if (!city || typeof city !== 'object' || !Array.isArray(blocks)) return document;
  const at = blocks.findIndex((b: Json) => b?.type === 'contact-cards' && b.address && typeof b.address === 'object');
  if (at < 0) return document;
  const { address, officeHours, walkIn, ...cards } = blocks[at] as Json;
  const state = (address as Json).state;
  const facts: Json = { ...city, ...(typeof state === 'string' ? { state } : {}), office: address };
  if (officeHours !== undefined) facts.officeHours = officeHours;
  if (walkIn !== undefined) facts.walkIn = walkIn;
  return { ...document, city: facts, blocks: blocks.map((b: unknown, i) => (i === at ? cards : b)) };
}
