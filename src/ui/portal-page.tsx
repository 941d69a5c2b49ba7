import type { ReactNode } from 'react';
import type { ApiError } from '../lib/api-client';
import { Link } from 'react-router-dom';

interface PortalPageProps {
  title: string;
  /** Links above the title, such as Admin › Users. */
  trail?: { label: string; to: string }[];
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every portal screen: a trail back, the title, its actions, the content. */
export function PortalPage({ title, trail, actions, children }: PortalPageProps) {
  return (
    <section className="portal">
      <title>{title}</title>
      <div className="container">
        {trail?.length ? (
          <nav aria-label="Breadcrumb" className="portal-trail">
            {trail.map((t) => (
              <span key={t.to}>
                <Link to={t.to}>{t.label}</Link> ›{' '}
              </span>
            ))}
          </nav>
        ) : null}
        <header className="portal-header">
          <h1>{title}</h1>
          {actions ? <div className="portal-actions">{actions}</div> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

/** What a list shows when it has nothing yet: say so, and say what fills it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <h2>{title}</h2>
      {children ? <p>{children}</p> : null}
    </div>
  );
}

/** Loading, error and retry for a screen's data. */
function LoadState({ loading, error, onRetry }: { loading: boolean; error?: { message: string }; onRetry?: () => void }) {
  if (error) {
    return (
      <div className="form-banner" role="alert">
        {error.message}{' '}
        {onRetry ? (
          <button type="button" className="button button-light" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    );
  }
  return loading ? (
    <p className="loading" role="status">
      Loading…
    </p>
  ) : null;
}

/** LoadState of a query: loading until its first answer, then its error, if any, with a retry. */
export function QueryState({ query }: { query: { isPending: boolean; error: ApiError | null; refetch: () => unknown } }) {
  return <LoadState loading={query.isPending} error={query.error ?? undefined} onRetry={() => void query.refetch()} />;
}

/** A query's loading and error state, then what its answer shows once there is one. */
export function QueryView<Data>({
  query,
  children,
}: {
  query: { isPending: boolean; error: ApiError | null; refetch: () => unknown; data: Data | undefined };
  children: (data: Data) => ReactNode;
}) {
  return (
    <>
      <QueryState query={query} />
      {query.data === undefined ? null : children(query.data)}
    </>
  );
}
