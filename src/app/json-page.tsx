import { Suspense } from 'react';
import { usePage } from './page-loader';
import { BlockRenderer } from '../blocks/block-renderer';
import { usePageMeta } from '../site/page-meta';
import { ChunkErrorBoundary } from './chunk-error-boundary';

function PageContent({ route }: { route: string }) {
  const page = usePage(route);
  usePageMeta(page.meta);
  return <BlockRenderer blocks={page.blocks} />;
}

/** A page of pages/: its document (and the forms it shows) load on demand, then its blocks render. */
export function JsonPage({ route }: { route: string }) {
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
