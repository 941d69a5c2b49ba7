import type { Plugin } from 'vite';
import { pagesDir, readPageFiles } from '../../src/server/site/pages-on-disk.ts';

const id = 'virtual:page-routes';
const resolved = `\0${id}`;

/**
 * `virtual:page-routes`: each page file's route, so the main bundle knows every route while each page's
 * content stays in its own chunk. A page added or removed in dev is routable at once.
 */
export function pageRoutes(): Plugin {
  return {
    name: 'hireframe-page-routes',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(moduleId) {
      if (moduleId !== resolved) return;
      const routes = Object.fromEntries(
        readPageFiles()
          .filter((f) => f.kind === 'page')
          .map((f) => [`/${f.file}`, JSON.parse(f.text).route as string]),
      );
      return `export default ${JSON.stringify(routes)};`;
    },
    configureServer(server) {
      const refresh = (file: string) => {
        if (!file.startsWith(pagesDir)) return;
        const module = server.moduleGraph.getModuleById(resolved);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', refresh).on('unlink', refresh).on('change', refresh);
    },
  };
}
