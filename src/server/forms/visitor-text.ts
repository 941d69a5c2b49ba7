/** How much of a visitor's own words a mail to an unverified address may carry. */
export const ACK_TEXT_LIMIT = 40;

// Anything a mail client could turn into a link: a scheme, www., an address, a dotted domain.
const LINK_LIKE = /\S*(?:[a-z][a-z0-9+.-]*:\/\/?|www\.|@|[\p{L}\p{N}]\.[\p{L}]{2,}|\.[\p{L}]{2,}\/)\S*/giu;

/**
 * A visitor's text as an acknowledgement may quote it: no control, format or separator characters, nothing
 * link-like (after folding look-alike forms such as fullwidth letters), at most ACK_TEXT_LIMIT characters. Anyone can
 * type any address into a form, so this is all the site will say on a stranger's behalf.
 */
export function shortVisitorText(value: string): string {
  const plain = value
    .normalize('NFKC')
    .replace(/[\p{C}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(LINK_LIKE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(plain);
  return chars.length > ACK_TEXT_LIMIT ? chars.slice(0, ACK_TEXT_LIMIT).join('').trimEnd() : plain;
}
