import { ISLAND_CODE_META } from '../../shared/page-files';
import { chunkGraph, entryTags, withHeadTags, type Manifest } from './build-manifest';

/** The island loader's key in Vite's manifest: the script of every prerendered public page. */
const ISLANDS_ENTRY = 'src/islands/island-loader.ts';

/**
 * The chunks (by name) whose code the loader fetches ahead, without running it, while islands wait for the visitor:
 * React's DOM renderer and the header and overlays that every page has, so a first tap does not wait on the network.
 */
const FETCHED_AHEAD = ['hydrate-island', 'site-header', 'site-overlays'];

/** The app's key in Vite's manifest: its stylesheet styles an app route's screen (the portal's styles). */
const APP_ENTRY = 'index.html';

/**
 * The build's index.html with the island loader in place of the app: its module script, the chunks it imports
 * statically as modulepreloads, and its stylesheets. What else a page loads, each island fetches when it hydrates.
 * `withAppStyles` adds the app's stylesheet, for an app route's screen rendered as an island.
 */
export function islandsTemplate(appTemplate: string, manifest: Manifest, { withAppStyles = false } = {}): string {
  const { files: chunks, css, tags: scripts } = entryTags(manifest, ISLANDS_ENTRY);
  // The app's own stylesheet only: what its chunks bring (react-toastify's) comes with the island that needs it.
  if (withAppStyles) for (const file of manifest[APP_ENTRY]?.css ?? []) css.add(file);
  const ahead = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.name && FETCHED_AHEAD.includes(chunk.name))
      for (const file of chunkGraph(manifest, key).files) if (!chunks.has(file)) ahead.add(file);
  const tags = [
    ...scripts,
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    `<meta name="${ISLAND_CODE_META}" content="${[...ahead].map((file) => `/${file}`).join(' ')}" />`,
  ];
  return withHeadTags(appTemplate, tags, { dropStyles: true });
}
