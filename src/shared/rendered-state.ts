import type { DehydratedState } from '@tanstack/react-query';

/** The id of the script holding what a portal screen the server rendered hydrates with. */
export const RENDERED_STATE_ID = 'rendered-state';

/** What a portal screen the server rendered hydrates with: the API answers it showed, and when it was rendered (ms). */
export interface RenderedState {
  queryState: DehydratedState;
  renderedAt: number;
}
