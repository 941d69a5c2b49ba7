/**
 * What the browser keeps of where a visitor came from (src/lib/visit-attribution.ts) and the server accepts with a
 * submission (Attribution of src/shared/api/forms.ts): the campaign's utm_* parameters, the names of the ad networks'
 * click ids present (never their values: a name says which network sent the visitor, a value identifies the click),
 * the other site that linked, the page landed on and when.
 */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** Google, Meta, Microsoft, TikTok, LinkedIn, X, Yandex and Google's display network. */
export const CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'dclid', 'fbclid', 'msclkid', 'ttclid', 'li_fat_id', 'twclid', 'yclid'] as const;

/** How long a first visit is remembered, as the privacy policy says. */
export const ATTRIBUTION_DAYS = 90;

/** The longest utm_* value kept; campaign names are far shorter. */
export const UTM_MAX = 100;
