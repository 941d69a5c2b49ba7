/** The attribute of a link that scrolls to an anchor of the page. */
export const SCROLL_LINK_ATTRIBUTE = 'data-scroll-to';

function scrollToAnchor(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  history.replaceState(null, '', `#${id}`);
}

/**
 * One listener on the document scrolls smoothly to the anchor of any scroll link, so a link needs no script of its
 * own (a public page's links work before any of it hydrates). Returns what removes it.
 */
export function listenForScrollLinks(): () => void {
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest(`[${SCROLL_LINK_ATTRIBUTE}]`) : null;
    const id = link?.getAttribute(SCROLL_LINK_ATTRIBUTE);
    if (!id || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    scrollToAnchor(id);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
