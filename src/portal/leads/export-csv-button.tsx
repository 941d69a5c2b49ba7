import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';

const QUOTE = 0x22;
const LINE_FEED = 0x0a;
const PROGRESS_EVERY_MS = 200;

/**
 * Counts the CSV records in bytes as they arrive: a line feed ends a record unless it is inside a quoted cell (a
 * doubled quote toggles twice). Neither byte occurs inside a multi-byte UTF-8 character.
 */
function recordCounter() {
  let quoted = false;
  let records = 0;
  return (bytes: Uint8Array) => {
    for (const byte of bytes) {
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LINE_FEED && !quoted) records++;
    }
    return records;
  };
}

const count = (n: number) => n.toLocaleString('en-IN');

interface ExportCsvButtonProps {
  query: string;
  /** How many leads the list says match, for the progress bar (exact, or a lower bound). */
  expected?: { total: number; exact: boolean };
}

/**
 * Downloads the leads the current filters match as CSV. The server streams the file, so the button shows the rows
 * received so far (against the list's count when it is exact) and can cancel; a refusal shows the server's message.
 */
export function ExportCsvButton({ query, expected }: ExportCsvButtonProps) {
  const [rows, setRows] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the screen stops the download.
  useEffect(() => () => running.current?.abort(), []);

  async function download() {
    const abort = new AbortController();
    running.current = abort;
    setRows(0);
    setError(null);
    try {
      const response = await fetch(`/api/leads.csv${query ? `?${query}` : ''}`, { credentials: 'same-origin', signal: abort.signal });
      if (!response.ok || !response.body) {
        const body = await response.json().catch(() => ({}));
        throw new ApiError(response.status, body.error ?? body.errors?.[0]?.message ?? 'The export failed. Please try again.');
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'leads.csv';
      const counted = recordCounter();
      const parts: Uint8Array[] = [];
      const reader = response.body.getReader();
      let shown = 0;
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        parts.push(part.value);
        // The header is a record too.
        const written = Math.max(0, counted(part.value) - 1);
        if (performance.now() - shown > PROGRESS_EVERY_MS) {
          shown = performance.now();
          setRows(written);
        }
      }
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      if (!abort.signal.aborted)
        setError(e instanceof ApiError ? e.message : 'The export stopped: the connection was lost or the server failed. Please try again.');
    } finally {
      running.current = null;
      setRows(null);
    }
  }

  if (rows !== null) {
    const of = expected?.exact && expected.total > 0 ? expected.total : undefined;
    return (
      <div className="leads-export" role="status">
        {of !== undefined ? <progress max={of} value={Math.min(rows, of)} aria-label="Export progress" /> : null}
        <span>
          Exporting… {count(rows)}
          {of !== undefined ? ` of ${count(of)}` : ''} leads
        </span>
        <button type="button" className="button button-light" onClick={() => running.current?.abort()}>
          Cancel export
        </button>
      </div>
    );
  }
  return (
    <>
      <button type="button" className="button" onClick={download}>
        Export CSV
      </button>
      {error ? (
        <p className="leads-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
