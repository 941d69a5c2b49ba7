import { useCallback, useState } from 'react';
import { messageOf } from '../lib/api-client';

/** What a change made in a form came to: said politely when it saved, as an alert when it did not. */
export type SaveResult = { text: string; error?: boolean } | null;

/**
 * Runs a change and keeps what it came to for SaveMessage: the text the change returns, or the server's
 * own words (or a plain apology) when it failed. Resolves to whether it saved, so a form clears only what was sent.
 */
export function useSaveResult() {
  const [result, setResult] = useState<SaveResult>(null);
  const save = useCallback(async (change: () => Promise<string>) => {
    setResult(null);
    try {
      setResult({ text: await change() });
      return true;
    } catch (e) {
      setResult({ text: messageOf(e), error: true });
      return false;
    }
  }, []);
  return { result, save };
}

export function SaveMessage({ result }: { result: SaveResult }) {
  return (
    <>
      <p className="leads-saved" role="status">
        {result && !result.error ? result.text : ''}
      </p>
      {result?.error ? (
        <p className="leads-error" role="alert">
          {result.text}
        </p>
      ) : null}
    </>
  );
}
