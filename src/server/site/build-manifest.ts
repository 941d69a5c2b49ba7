/** Vite's manifest of the browser build (dist/client/.vite/manifest.json): each source module's chunk and what it imports. */
export type Manifest = Record<string, { file: string; name?: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The files a chunk needs, itself first, and the stylesheets they bring. */
export function chunkGraph(manifest: Manifest, key: string, files = new Set<string>(), css = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return { files, css };
  files.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) chunkGraph(manifest, imported, files, css);
  return { files, css };
}
