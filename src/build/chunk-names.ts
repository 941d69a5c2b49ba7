/**
 * File names of the chunks the bundler makes itself, which it names after the last module in them: the code the app
 * and the island loader share came out as `sample-vitals-*.js`, and with it the site's stylesheet as
 * `sample-vitals-*.css`. Only names change: what goes in each chunk does not.
 */

/** What the bundler tells of a chunk it is about to write (rolldown's PreRenderedChunk). */
interface ChunkFacts {
  name: string;
  moduleIds: string[];
}

/** What it tells of an asset: a chunk's stylesheet is named `<chunk name>.css`. */
interface AssetFacts {
  names: string[];
}

/** The page stylesheet: the chunk that carries it holds the code every page starts with. */
const SITE_STYLESHEET = /[\\/]src[\\/]styles[\\/]site\.css$/;
const SHARED = { js: 'shared', css: 'site' };

/**
 * rollupOptions.output's file names: Vite's own pattern (assets/[name]-[hash]), the shared code and its stylesheet
 * renamed. Packages' chunks keep the bundler's names (`client` for react-dom, `dist` for react-toastify): the island
 * loader names them, and longer names made it bigger.
 */
export function chunkFileNames() {
  // A chunk's stylesheet is emitted after its file name is chosen, under the chunk's own name.
  const stylesheetNames = new Map<string, string>();
  return {
    chunkFileNames(chunk: ChunkFacts): string {
      if (!chunk.moduleIds.some((id) => SITE_STYLESHEET.test(id))) return 'assets/[name]-[hash].js';
      stylesheetNames.set(`${chunk.name}.css`, SHARED.css);
      return `assets/${SHARED.js}-[hash].js`;
    },
    assetFileNames(asset: AssetFacts): string {
      const renamed = asset.names.map((name) => stylesheetNames.get(name)).find(Boolean);
      return renamed ? `assets/${renamed}-[hash][extname]` : 'assets/[name]-[hash][extname]';
    },
  };
}
