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
];
