import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * The portal's cache of API answers. A refusal (4xx) is an answer, shown at once; only a dropped connection is
 * tried again, once.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < 1,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
