import { useState } from 'react';
import { ApiError } from '../lib/api-client';

export type ActionNotice = { tone: 'ok' | 'error'; text: string } | null;

/**
 * The notice of a list screen's actions (src/ui/notice.tsx): `run` clears it, runs the action, then says `done` or the
 * server's reason it was refused.
 */
export function useActionNotice() {
  const [notice, setNotice] = useState<ActionNotice>(null);
  async function run(action: () => Promise<unknown>, done: string) {
    setNotice(null);
    try {
      await action();
      setNotice({ tone: 'ok', text: done });
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong.' });
    }
  }
  return { notice, setNotice, run };
}
