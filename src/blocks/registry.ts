import type { ComponentType } from 'react';
import type { IslandSchedule } from '../ui/island';
import type { Block } from '../shared/generated/page-document';
import { CallToActionBlock } from './call-to-action/call-to-action-block';
import { CardsBlock } from './cards/cards-block';
import { ContactCardsBlock } from './contact-cards/contact-cards-block';
import { EventsBlock } from './events/events-block';
import { FaqBlock } from './faq/faq-block';
import { FormBlock } from './form/form-block';
import { HeroCarouselBlock } from './hero-carousel/hero-carousel-block';
import { HeroBlock } from './hero/hero-block';
import { HighlightListBlock } from './highlight-list/highlight-list-block';
import { IconItemsBlock } from './icon-items/icon-items-block';
import { ImageTextBlock } from './image-text/image-text-block';
import { InvestmentTableBlock } from './investment-table/investment-table-block';
import { LogoCarouselBlock } from './logo-carousel/logo-carousel-block';
import { NewsletterBlock } from './newsletter/newsletter-block';
import { OfferBlock } from './offer/offer-block';
import { OrganizationBlock } from './organization/organization-block';
import { PeopleBlock } from './people/people-block';
import { RichTextBlock } from './rich-text/rich-text-block';
import { StatsBlock } from './stats/stats-block';
import { StepsBlock } from './steps/steps-block';
import { TeamMembersBlock } from './team-members/team-members-block';

type BlockComponents = { [T in Block['type']]: ComponentType<Extract<Block, { type: T }>> };

/** The one map from block type to component. A block type needs a schema in schemas/blocks and an entry here. */
export const blockComponents: BlockComponents = {
  'call-to-action': CallToActionBlock,
  cards: CardsBlock,
  'contact-cards': ContactCardsBlock,
  events: EventsBlock,
  faq: FaqBlock,
  form: FormBlock,
  'hero-carousel': HeroCarouselBlock,
  hero: HeroBlock,
  'highlight-list': HighlightListBlock,
  'icon-items': IconItemsBlock,
  'image-text': ImageTextBlock,
  'investment-table': InvestmentTableBlock,
  'logo-carousel': LogoCarouselBlock,
  newsletter: NewsletterBlock,
  offer: OfferBlock,
  organization: OrganizationBlock,
  people: PeopleBlock,
  'rich-text': RichTextBlock,
  stats: StatsBlock,
  steps: StepsBlock,
  'team-members': TeamMembersBlock,
};

/**
 * The block types with behaviour in the browser, and when each hydrates on a public page (an island named by its
 * type in src/islands/island-map.ts). Every other block is HTML only and ships no script; a form inside a block is
 * an island of its own (PageForm).
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
