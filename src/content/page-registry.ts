import type { PageDocument } from '../shared/generated/page-document';
import type { FormDefinition } from '../shared/generated/form-definition';
import routeOfFile from 'virtual:page-routes';
import { fillSite } from './site';

const pageGlobs = ['/pages/**/*.json', '!/pages/forms/**', '!/pages/site.json'];

// Each page document is its own chunk, loaded when its route is visited; only the routes are in the main bundle.
const pageLoaders = import.meta.glob<PageDocument>(['/pages/**/*.json', '!/pages/forms/**', '!/pages/site.json'], {
  import: 'default',
});
const formLoaders = import.meta.glob<FormDefinition>('/pages/forms/*.json', { import: 'default' });
const validatorLoaders = import.meta.glob<Record<string, unknown>>('/src/shared/generated/validators/*.ts', {
  import: 'default',
});

void pageGlobs;

/** Route (with {slug} filled) to the file that defines it. */
export const pageFileByRoute = new Map(Object.entries(routeOfFile).map(([file, route]) => [fillSite(route), file]));

export const jsonRoutes = [...pageFileByRoute.keys()];

export async function loadPageDocument(route: string): Promise<PageDocument | undefined> {
  const file = pageFileByRoute.get(route);
  if (file === undefined) return undefined;
  const load = pageLoaders[file];
  if (!load) throw new Error(`The route ${route} names ${file}, which the page bundle does not hold`);
  return fillSite(await load());
}

export async function loadForm(formId: string): Promise<FormDefinition> {
  const load = formLoaders[`/pages/forms/${formId}.json`];
  if (!load) throw new Error(`No form "${formId}" in pages/forms`);
  return fillSite(await load());
}

export async function loadValidatorFunctions(formId: string): Promise<Record<string, unknown>> {
  const load = validatorLoaders[`/src/shared/generated/validators/${formId}.ts`];
  if (!load) throw new Error(`No compiled validator for form "${formId}": run npm run generate`);
  return load();
}
