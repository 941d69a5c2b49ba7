import { isLocale, LOCALE_COOKIE, LOCALE_LINK_ATTRIBUTE } from '../shared/locales';

/** A year: the choice holds until the visitor makes another. */
const REMEMBERED_SECONDS = 365 * 24 * 60 * 60;

/**
 * Remembers the language of a link to a page in a language when the visitor follows it (the switcher, the offer on an
 * English page), so English pages offer that language first. Plain links: nothing here runs before the click.
 */
export function rememberLanguageChoices() {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.(`[${LOCALE_LINK_ATTRIBUTE}]`);
    const locale = link?.getAttribute(LOCALE_LINK_ATTRIBUTE);
    if (isLocale(locale)) document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${REMEMBERED_SECONDS}; SameSite=Lax`;
  });
}
