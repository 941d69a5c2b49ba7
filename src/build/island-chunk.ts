/**
 * rollupOptions.output.codeSplitting: everything a public page's island loader imports statically, in one chunk with
 * the site's stylesheet. Left to itself the bundler splits off each module the loader shares with a different set of
 * chunks (the activity listener it shares with the screen loader, the hero's slide loop it shares with the lazy page
 * renderer), and every page then makes a request for each; a few hundred bytes of them cost the app more than the
 * requests cost every visitor.
 */

/** What the bundler tells of a module while it makes chunks (rolldown's ChunkingContext). */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry?: boolean } | null;
}

const ISLAND_LOADER = /[\\/]src[\\/]islands[\\/]island-loader\.ts$/;

export function islandLoaderChunk() {
  const reaches = new Map<string, boolean>();
  /** Whether the island loader imports a module, itself or through others, without a dynamic import on the way. */
  function importedByLoader(id: string, ctx: ChunkingContext, path = new Set<string>()): boolean {
    const known = reaches.get(id);
    if (known !== undefined) return known;
    if (path.has(id)) return false;
    path.add(id);
    const found = (ctx.getModuleInfo(id)?.importers ?? []).some(
      (importer) => ISLAND_LOADER.test(importer) || importedByLoader(importer, ctx, path),
    );
    path.delete(id);
    reaches.set(id, found);
    return found;
  }
  return {
    groups: [
      {
        name: (id: string, ctx: ChunkingContext) =>
          !ISLAND_LOADER.test(id) && !id.includes('node_modules') && importedByLoader(id, ctx) ? 'shared' : null,
      },
    ],
  };
}
