import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { usePage } from './page-loader';
import { BlockRenderer } from '../blocks/block-renderer';
import { usePageMeta } from '../site/page-meta';
import type { PageDocument } from '../shared/generated/page-document';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { NOT_FOUND_ROUTE } from '../shared/page-files';

function PageBlocks({ page }: { page: PageDocument }) {
  usePageMeta(page.meta);
  return <BlockRenderer blocks={page.blocks} />;
}

function PageContent({ route }: { route: string }) {
  const page = usePage(route);
  if (page) return <PageBlocks page={page} />;
  if (route === NOT_FOUND_ROUTE) throw new Error('pages/ has no page for /not-found');
  return <Navigate to={NOT_FOUND_ROUTE} replace />;
}

/** A page of pages/: its document (and the forms it shows) load on demand, then its blocks render. */
function JsonPage({ route }: { route: string }) {
  return (
    <ChunkErrorBoundary key={route}>
      <Suspense
        fallback={
          <p className="loading container" role="status">
            Loading…
          </p>
        }
      >
        <PageContent route={route} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/** Any path that is not an app route is a page of pages/ or, when none has it, the not-found page. */
export function JsonPageAtLocation() {
  const { pathname } = useLocation();
  const route = pathname.replace(/\/+$/, '') || '/';
  return <JsonPage route={route} />;
}
