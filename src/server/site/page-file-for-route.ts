import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { kindOf, root } from './pages-on-disk';
import type { SourcePages } from './source-pages';

export type PageFileAnswer = { file: string } | { refused: string };

const what = { site: 'the site settings', form: 'a form', routing: 'the lead routing rules', template: 'a city template' } as const;

/**
 * The file of pages/ a page is kept in (from the project root), for the editor's checks and npm run pages:pull alike.
 * A page of pages/ keeps its own file. Any other page gets pages/<route>.json, unless that file is of another kind
 * (pages/site.json, pages/lead-routing.json, a form of pages/forms, a city template) or exists already (pages/home.json is the file of `/`, not of `/home`):
 * then the route is refused, so a page can never take another file's place.
 */
export function pageFileForRoute(route: string, pages: SourcePages, projectRoot = root): PageFileAnswer {
  const own = pages.routes().get(route);
  if (own !== undefined) return { file: own };
  const file = `pages${route}.json`;
  const kind = kindOf(file);
  if (kind !== 'page')
    return { refused: `The address ${route} would be kept in ${file}, which holds ${what[kind]}: choose another address.` };
  if (route === '/' || existsSync(join(projectRoot, file)))
    return { refused: `The address ${route} would be kept in ${file}, which is another page's file: choose another address.` };
  return { file };
}
