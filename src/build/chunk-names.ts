/**
 * File names of the chunks the bundler makes itself, which it names after the last module in them: the code the app
 * and the island loader share came out as `sample-vitals-*.js` with the site's stylesheet as `sample-vitals-*.css`,
 * and a package's chunk as its folder (`client`, `dist`, `lib`). Only names change: what goes in each chunk does not.
 */

/** What the bundler tells of a chunk it is about to write (rolldown's PreRenderedChunk). */
interface ChunkFacts {
  name: string;
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** What it tells of an asset: a chunk's stylesheet is named `<chunk name>.css`. */
interface AssetFacts {
  names: string[];
}

/** The page stylesheet: the chunk that carries it is the code every page starts with. */
const SITE_STYLESHEET = /[\\/]src[\\/]styles[\\/]site\.css$/;
const SHARED = { js: 'shared', css: 'site' };

/** The package a module belongs to, `@scope/name` as `scope-name`; undefined for the project's own modules. */
function packageOf(moduleId: string): string | undefined {
  const found = [...moduleId.matchAll(/[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/g)].at(-1)?.[1];
  return found?.replace(/^@/, '').replace(/[\\/]/, '-');
}

/** An icon of lucide-react is a chunk of its own, already named after the icon. */
const isIcon = (moduleId: string) => /[\\/]lucide-react[\\/].*[\\/]icons[\\/]/.test(moduleId);

/** A package's index module, which the bundler names after its folder (`esm`, `dist`). */
const isIndexModule = (moduleId: string) => /[\\/]index\.[cm]?js$/.test(moduleId);

/** The name a chunk goes by: the shared code, or a package's, where the bundler would name a module or a folder. */
function nameOf(chunk: ChunkFacts): string {
  const facade = chunk.facadeModuleId;
  if (facade) return (isIndexModule(facade) && packageOf(facade)) || chunk.name;
  if (chunk.moduleIds.some((id) => SITE_STYLESHEET.test(id))) return SHARED.js;
  const last = chunk.moduleIds.at(-1);
  const vendorOnly = chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => packageOf(id) !== undefined);
  return vendorOnly && last && !isIcon(last) ? (packageOf(last) ?? chunk.name) : chunk.name;
}

/** rollupOptions.output's file names: Vite's own pattern (assets/[name]-[hash]) with the names above. */
export function chunkFileNames() {
  // A chunk's stylesheet is emitted after its file name is chosen, under the chunk's own name.
  const stylesheetNames = new Map<string, string>();
  return {
    chunkFileNames(chunk: ChunkFacts): string {
      const name = nameOf(chunk);
      if (name === SHARED.js) stylesheetNames.set(`${chunk.name}.css`, SHARED.css);
      return `assets/${name}-[hash].js`;
    },
    assetFileNames(asset: AssetFacts): string {
      const renamed = asset.names.map((name) => stylesheetNames.get(name)).find(Boolean);
      return renamed ? `assets/${renamed}-[hash][extname]` : 'assets/[name]-[hash][extname]';
    },
  };
}
