type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The island loader's key in Vite's manifest: the script of every prerendered public page. */
export const ISLANDS_ENTRY = 'src/islands/island-loader.ts';

/** Tags Vite put in index.html for the app's script: its module script, modulepreloads and stylesheets. */
const appTags = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g;

/**
 * The build's index.html with the island loader in place of the app: its module script, the chunks it imports
 * statically as modulepreloads, and its stylesheets. What else a page loads, each island fetches when it hydrates.
 */
export function islandsTemplate(appTemplate: string, manifest: Manifest): string {
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) throw new Error(`${ISLANDS_ENTRY} is not in the build's manifest`);
  const chunks = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(ISLANDS_ENTRY);
  const [script, ...preloads] = [...chunks];
  const tags = [
    `<script type="module" crossorigin src="/${script}"></script>`,
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  return appTemplate.replace(appTags, '').replace(/\n\s*<\/head>/, () => `\n    ${tags.join('\n    ')}\n  </head>`);
}
