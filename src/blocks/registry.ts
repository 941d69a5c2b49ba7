import type { ComponentType } from 'react';
import type { Block } from '../shared/generated/page-document';
import { CallToActionBlock } from './call-to-action/call-to-action-block';
import { CardsBlock } from './cards/cards-block';
import { CityOfficesBlock } from './city-offices/city-offices-block';
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

/**
 * The one map from block type to component. A block type needs a schema in schemas/blocks and an entry here; one with
 * behaviour in the browser also exports `island` from its component module (npm run generate lists it).
 */
export const blockComponents: BlockComponents = {
  'call-to-action': CallToActionBlock,
  cards: CardsBlock,
  'city-offices': CityOfficesBlock,
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
