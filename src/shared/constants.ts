/** Timings and limits the product spec fixes. */
export const HERO_CAROUSEL = { autoplayMs: 3000, speedMs: 600 } as const;
export const LOGO_CAROUSEL = {
  autoplayMs: 4000,
  transitionMs: 1000,
  // react-multi-carousel breakpoints: 0-464 px one logo, 464-1024 three, 1024-3000 and 3000-4000 eight.
  responsive: {
    superLargeDesktop: { breakpoint: { max: 4000, min: 3000 }, items: 8 },
    desktop: { breakpoint: { max: 3000, min: 1024 }, items: 8 },
    tablet: { breakpoint: { max: 1024, min: 464 }, items: 3 },
    mobile: { breakpoint: { max: 464, min: 0 }, items: 1 },
  },
} as const;
export const GO_TO_TOP_THRESHOLD_PX = 100;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const ANNOUNCEMENT_FLAG = 'investmentPopupShown';
export const SESSION_COOKIES = ['jwt_token', 'role', 'username', 'email', 'user_details_id', 'hiring_for', 'hm_type'] as const;

/** What a form says when its human check was not passed (spec section 8). */
export const CAPTCHA_MESSAGE = 'Please verify the captcha';
