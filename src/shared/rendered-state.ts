import type { DehydratedState } from '@tanstack/react-query';

/** The id of the script holding what a portal screen the server rendered hydrates with. */
export const RENDERED_STATE_ID = 'rendered-state';

/** What a portal screen the server rendered hydrates with: the API answers it showed, and when it was rendered (ms). */
export interface RenderedState {
  queryState: DehydratedState;
  renderedAt: number;
}

/** Names the app's scripts a rendered screen's loader runs at the user's first action, the app's entry first. */
export const APP_CODE_META = 'app-code';

/** Sent on the document once a rendered screen has hydrated and takes taps and keys. */
export const SCREEN_HYDRATED_EVENT = 'screen-hydrated';
