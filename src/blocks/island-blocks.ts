import type { Block } from '../shared/generated/page-document';
import type { IslandSchedule } from '../ui/island';

/**
 * The block types with behaviour in the browser, and when each hydrates on a public page (an island named by its
 * type, whose code npm run generate lists in src/islands/block-islands.ts). Every other block is HTML only
 * and ships no script; a form inside a block is an island of its own (PageForm). Types only are imported here: the
 * generator reads this list.
 */
export const islandBlocks = {
  // Dates decide what these show (Coming Soon, an offer's button): checked against today's date once in view.
  events: { when: 'visible' },
  offer: { when: 'visible' },
  // The team block is no island either: the server renders the team admins keep into the page (src/server/site/team-pages.ts).
  // The logo carousel moves on its own (react-multi-carousel). The hero carousel is no island: its markup is moved
  // by src/blocks/hero-carousel/slide-loop.ts, which the island loader starts with the page.
  'logo-carousel': { when: 'visible' },
  // Nothing changes until the visitor opens an answer or scrolls the table.
  faq: { when: 'idle', waitForVisitor: true },
  'investment-table': { when: 'idle', waitForVisitor: true },
} as const satisfies Partial<Record<Block['type'], IslandSchedule>>;

export type IslandBlockType = keyof typeof islandBlocks;
