import type { ComponentType } from 'react';
import { lazyWithTimeout } from './lazy-with-timeout';

/** Set once the page renderer has loaded, so a render after that (the prerender's) shows the page at once. */
let loaded: ComponentType | undefined;

/**
 * Loads the renderer of pages/ and every block it maps: a staff screen never shows one, so the app loads them only
 * for an address that is not an app route.
 */
export async function preparePageRenderer() {
  const module = await import('./json-page');
  loaded = module.JsonPageAtLocation;
  return { default: loaded };
}

const LazyPage = lazyWithTimeout(preparePageRenderer);

/** Any path that is not an app route: the page of pages/ at it, or the not-found page. */
export function PageAtLocation() {
  const Page = loaded ?? LazyPage;
  return <Page />;
}
