import type { ComponentType } from 'react';
import { blockIslandComponents } from './block-islands';

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

/** The island blocks (src/blocks/island-blocks.ts), each its component's own chunk. */
const blockIslands = Object.fromEntries(
  Object.entries(blockIslandComponents).map(([type, load]) => [type, async (): Promise<IslandModule> => ({ component: await load() })]),
);

/**
 * Each island's code by name, loaded when the island hydrates: the block types above, the page's forms, an app route's
 * screen on a page the server renders for a visitor, and the site's header and overlays.
 */
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
