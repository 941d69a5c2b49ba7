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

/**
 * An entry's tags for a page: its module script, and modulepreloads of what it imports statically; with its files
 * (itself first) and the stylesheets they bring.
 */
export function entryTags(manifest: Manifest, key: string) {
  if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
  const { files, css } = chunkGraph(manifest, key);
  const [script, ...preloads] = files;
  const tags = [
    `<script type="module" crossorigin src="/${script}"></script>`,
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return { files, css, tags };
}

/** What Vite put in index.html for the app: its module script and modulepreloads, and its stylesheets. */
const APP_SCRIPTS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;
const APP_STYLESHEETS = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * The build's index.html with another script in place of the app's: the app's script and modulepreloads taken out
 * (and its stylesheets, with `dropStyles`), and `tags` at the end of the head.
 */
export function withHeadTags(template: string, tags: string[], { dropStyles = false } = {}): string {
  const stripped = template.replace(APP_SCRIPTS, '');
  return (dropStyles ? stripped.replace(APP_STYLESHEETS, '') : stripped).replace(
    /\n\s*<\/head>/,
    () => `\n    ${tags.join('\n    ')}\n  </head>`,
  );
}
