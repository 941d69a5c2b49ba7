import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from './api-client';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/** GETs a path and follows it when it changes; reload() asks again (after an edit). */
export function useApi<T>(path: string | null): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: path !== null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    api<T>(path, { signal: controller.signal }).then(
      (data) => setState({ data, loading: false }),
      (error) => {
        if ((error as Error).name !== 'AbortError') setState({ error: error as ApiError, loading: false });
      },
    );
    return () => controller.abort();
  }, [path, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload } as Loaded<T>;
}
