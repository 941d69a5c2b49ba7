type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The chunks a page's forms need before it hydrates (definition, compiled validator, the form renderer and what it
 * imports), from Vite's manifest, leaving out what the main script loads anyway. Looked up by key: the same work
 * for every page.
 */
export function formChunks(manifest: Manifest): (formIds: string[]) => string[] {
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const loadedAnyway = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loadedAnyway);
  const renderer = [...closure('src/forms/form-view.tsx', new Set())].filter((file) => !loadedAnyway.has(file));
  return (formIds) => {
    if (!formIds.length) return [];
    const files = new Set(renderer);
    for (const id of formIds) {
      for (const key of [`pages/forms/${id}.json`, `src/shared/generated/validators/${id}.ts`]) {
        const file = manifest[key]?.file;
        if (file) files.add(file);
      }
    }
    return [...files];
  };
}
