import { useState } from 'react';
import { ApiError } from '../../ui/api-client';

/** Downloads the leads the current filters match as CSV; a refusal shows the server's message instead of a file. */
export function ExportCsvButton({ query }: { query: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/leads.csv${query ? `?${query}` : ''}`, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        throw new ApiError(response.status, body.error ?? body.errors?.[0]?.message ?? 'The export failed. Please try again.');
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'leads.csv';
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not reach the server. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button" onClick={download} disabled={busy} aria-busy={busy}>
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {error ? (
        <p className="leads-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
