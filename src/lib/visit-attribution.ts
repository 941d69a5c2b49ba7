import type { Attribution, Touch } from '../shared/api/forms';
import { ATTRIBUTION_DAYS, CLICK_IDS, UTM_KEYS, UTM_MAX } from '../shared/attribution';

/**
 * Where the visitor came from, kept in this site's own localStorage (no cookie, no third party) and sent with each
 * lead: the first visit, remembered for ATTRIBUTION_DAYS from then, and the latest from a campaign or another site.
 * No React: the island loader records each page load before any island wakes.
 */
const KEY = 'hf-attribution';
const KEEP_MS = ATTRIBUTION_DAYS * 86_400_000;

/** What is kept, or null when nothing is or it is older than ATTRIBUTION_DAYS (then it is forgotten). */
export function keptAttribution(now = Date.now()): Attribution | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Attribution | null;
    if (kept && now - Date.parse(kept.first.seenAt) < KEEP_MS) return kept;
    localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window, a full disk) or unreadable: the lead goes without.
  }
  return null;
}

/** Notes this page load: a campaign's or another site's visit becomes the latest, and the first if none is kept. */
export function recordVisit(now = Date.now()) {
  try {
    const params = new URLSearchParams(location.search);
    const touch: Touch = { landingPage: location.pathname.slice(0, 200), seenAt: new Date(now).toISOString() };
    for (const key of UTM_KEYS) {
      const value = params.get(key)?.trim().slice(0, UTM_MAX);
      if (value) touch[key] = value;
    }
    const clickIds = CLICK_IDS.filter((id) => params.has(id));
    if (clickIds.length) touch.clickIds = clickIds;
    const referrer = document.referrer && new URL(document.referrer).host;
    if (referrer && referrer !== location.host) touch.referrer = referrer;
    const kept = keptAttribution(now);
    // A visit from within the site, or typed in, changes nothing once a first visit is kept.
    if (kept && Object.keys(touch).length === 2) return;
    localStorage.setItem(KEY, JSON.stringify({ first: kept?.first ?? touch, last: touch }));
  } catch {
    // As above: without storage the site works the same, its leads without a source.
  }
}
