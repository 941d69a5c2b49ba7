import { createContext, useContext, useEffect, useId, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { plainNavigation, SiteNavigationContext, useSiteNavigation } from './site-navigation';

/** When an island hydrates: once near the viewport, or once the browser is idle. A touch always hydrates it. */
export type IslandWhen = 'visible' | 'idle';

/** How an island's block type or part of the site hydrates (src/islands/island-loader.ts). */
export interface IslandSchedule {
  when: IslandWhen;
  /**
   * Nothing of it is needed before the visitor does something (a menu, an accordion, a form): it waits for their
   * first scroll, pointer, key or focus on the page, then for `when`. React's DOM renderer and the header's and
   * overlays' code are fetched meanwhile (src/server/site/islands-template.ts).
   */
  waitForVisitor?: boolean;
}

/** Renders an element to HTML as a root of its own: react-dom/server's renderToString, given by the prerender. */
export type RenderIsland = (element: ReactElement, options: { identifierPrefix: string }) => string;

/**
 * Set while rendering a public page's HTML, where each interactive part is an island that hydrates on its own.
 * Elsewhere (the app, its server render) an island is its component, rendered in place. The renderer is passed in so
 * react-dom/server never reaches a browser bundle.
 */
export const IslandsRender = createContext<RenderIsland | null>(null);

interface IslandProps<P> extends IslandSchedule {
  /** The island's name in src/islands/island-map.ts, which loads its component in the browser. */
  name: string;
  component: ComponentType<P>;
  /** JSON only: they travel in the HTML to the browser's render. */
  props: P;
  /** Clicks on elements matching this selector anywhere on the page hydrate the island first, then reach it. */
  wake?: string;
}

interface IslandRootProps<P> {
  component: ComponentType<P>;
  props: P;
  path: string;
  /** In the browser: called once hydrated, after every effect of the island has run. */
  onHydrated?: () => void;
}

/** What an island renders, on the server and in the browser alike: its component and the page's path, no other context. */
export function IslandRoot<P extends object>({ component: Component, props, path, onHydrated }: IslandRootProps<P>) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <SiteNavigationContext.Provider value={plainNavigation(path)}>
      <Component {...props} />
    </SiteNavigationContext.Provider>
  );
}

/**
 * A part of a public page that hydrates on its own (src/islands/island-loader.ts). Its markup is rendered as a root
 * of its own with its props alone, so the browser's hydrateRoot of the same component reproduces it; useId's prefix
 * is the island's own for the same reason.
 */
export function Island<P extends object>({ name, component, props, when, waitForVisitor, wake }: IslandProps<P>): ReactNode {
  const render = useContext(IslandsRender);
  const { path } = useSiteNavigation();
  const id = `i${useId().replace(/[^a-zA-Z0-9]/g, '')}-`;
  if (!render) {
    const Component = component;
    return <Component {...props} />;
  }
  const html = render(<IslandRoot component={component} props={props} path={path} />, { identifierPrefix: id });
  return (
    <hf-island
      data-name={name}
      data-when={when}
      data-wait={waitForVisitor ? 'visitor' : undefined}
      data-id={id}
      data-props={JSON.stringify(props)}
      data-wake={wake}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
