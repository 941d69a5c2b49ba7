import type { ComponentType } from 'react';
import type { IslandBlockType } from '../blocks/registry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are its own; they come as JSON
type AnyProps = any;

/** An island's component, and what it must have loaded to render as the server did (a form's definition). */
export interface IslandModule {
  component: ComponentType<AnyProps>;
  prepare?: (props: AnyProps) => Promise<unknown>;
}

const block =
  <T>(load: () => Promise<T>, pick: (module: T) => ComponentType<AnyProps>) =>
  async (): Promise<IslandModule> => ({
    component: pick(await load()),
  });

/**
 * Each island's code by name, loaded when the island hydrates: the block types of islandBlocks (src/blocks/registry.ts),
 * the page's forms, an app route's screen on a page the server renders for a visitor, and the site's header and overlays. `satisfies` holds the blocks to exactly that list.
 */
const blockIslands = {
  events: block(
    () => import('../blocks/events/events-block'),
    (m) => m.EventsBlock,
  ),
  faq: block(
    () => import('../blocks/faq/faq-block'),
    (m) => m.FaqBlock,
  ),
  'investment-table': block(
    () => import('../blocks/investment-table/investment-table-block'),
    (m) => m.InvestmentTableBlock,
  ),
  'logo-carousel': block(
    () => import('../blocks/logo-carousel/logo-carousel-block'),
    (m) => m.LogoCarouselBlock,
  ),
  offer: block(
    () => import('../blocks/offer/offer-block'),
    (m) => m.OfferBlock,
  ),
} satisfies Record<IslandBlockType, () => Promise<IslandModule>>;

export const islandMap: Record<string, () => Promise<IslandModule>> = {
  ...blockIslands,
  form: async () => {
    const { FormView, prepareFormView } = await import('../forms/lazy-form-view');
    return { component: FormView, prepare: prepareFormView };
  },
  'app-screen': async () => {
    const { AppScreenIsland, prepareAppScreen } = await import('../app/app-screen-island');
    return { component: AppScreenIsland, prepare: prepareAppScreen };
  },
  'site-header': block(
    () => import('../site/site-header'),
    (m) => m.SiteHeader,
  ),
  'site-overlays': block(
    () => import('../site/site-overlays'),
    (m) => m.SiteOverlays,
  ),
};
