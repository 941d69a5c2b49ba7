import type { ApiError } from './api-client';

// Every query and mutation of the portal calls api(), which fails with an ApiError carrying the message to show.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}
