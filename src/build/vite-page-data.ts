import type { ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import type { PageDocument } from '../shared/generated/page-document.ts';
import { pagesDir, readPageFiles } from '../server/site/pages-on-disk.ts';
import { PageFileError, sourcePages } from '../server/site/source-pages.ts';
import { PAGE_DATA_PATH, routeOfPageDataUrl } from '../shared/page-files.ts';
import { CITY_LIST_PATH } from '../shared/city-list.ts';
import { checkPages, describeProblem, type Problem } from '../server/content-checks/check-pages.ts';

/**
 * In npm run dev, answers /page-data/<route>.json (what the built site serves from dist/page-data) and the list of city
 * pages from pages/, so
 * a page added or changed shows at once. While pages/ has a content error (what npm run validate reports), every
 * page answers 500 with the validator's messages, each naming its file and line, and the browser shows them in
 * Vite's error overlay: the page is not shown half right.
 */
export function pageData(): Plugin {
  return {
    name: 'hireframe-page-data',
    apply: 'serve',
    configureServer(server) {
      const pages = sourcePages();
      // Checked once after each change to pages/, on the first request that needs it.
      let problems: Problem[] | undefined;
      const problem = (response: ServerResponse, message: string) => {
        server.config.logger.error(message);
        server.ws.send({ type: 'error', err: { message, stack: '' } });
        response.statusCode = 500;
        response.setHeader('content-type', 'text/plain; charset=utf-8');
        response.end(message);
      };
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        if (path === CITY_LIST_PATH) {
          response.setHeader('content-type', 'application/json');
          return response.end(JSON.stringify(pages.cities()));
        }
        if (!path.startsWith(PAGE_DATA_PATH)) return next();
        problems ??= checkPages(readPageFiles(), { diskCache: true });
        if (problems.length) return problem(response, problems.map(describeProblem).join('\n'));
        const route = routeOfPageDataUrl(path);
        let page: PageDocument | undefined;
        try {
          page = route === undefined ? undefined : pages.pageAt(route);
        } catch (error) {
          if (error instanceof PageFileError) return problem(response, error.message);
          return next(error);
        }
        const broken = page ? [] : pages.broken();
        // The page asked for may be in a file that cannot be read yet.
        if (broken.length) return problem(response, `No page for ${route ?? path}; unreadable: ${broken.map((b) => b.message).join('; ')}`);
        response.statusCode = page ? 200 : 404;
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-store');
        response.end(JSON.stringify(page ?? { error: 'No page at this address.', errors: [] }));
      });
      const refresh = (file: string) => {
        if (!file.startsWith(pagesDir)) return;
        pages.invalidate();
        problems = undefined;
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', refresh).on('unlink', refresh).on('change', refresh);
    },
  };
}
