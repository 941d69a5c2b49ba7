import { useEffect } from 'react';
import type { PageMeta } from '../shared/generated/page-document';

const metaNames = ['description', 'keywords', 'subject'] as const;

function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  return tag;
}

/** Sets the page's title and meta tags and puts back what was there when the page is left. */
export function usePageMeta(meta: PageMeta) {
  useEffect(() => {
    const previousTitle = document.title;
    const previous = metaNames.map((name) => [name, metaTag(name).content] as const);
    document.title = meta.title;
    for (const name of metaNames) metaTag(name).content = meta[name];
    return () => {
      // A next page's own <title> (React puts it before this one) has already taken over: leave it the title.
      if (document.title === meta.title) document.title = previousTitle;
      for (const [name, content] of previous) metaTag(name).content = content;
    };
  }, [meta]);
}
