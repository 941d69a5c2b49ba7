import type { Address } from '../../shared/generated/page-document';
import { jsonForScript } from '../../shared/page-files';
import { site } from '../../content/site';

/** A schema.org PostalAddress. */
export interface PostalAddress {
  '@type': 'PostalAddress';
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  addressCountry: string;
}

/** The address of a path of this site, as search engines link to it. */
export function siteUrl(path: string): string {
  return path === '/' ? `${site.url}/` : `${site.url}${path}`;
}

/** The company's node, which each office's data names as its parent. */
export const organizationId = `${site.url}/#organization`;

export function postalAddress(address: Address): PostalAddress {
  return {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    addressLocality: address.city,
    addressRegion: address.state,
    postalCode: address.postalCode,
    addressCountry: address.country,
  };
}

/**
 * Structured data for search engines, as JSON-LD. The JSON is escaped for a script element: no text in a page can
 * close the element early or open a comment in it.
 */
export function JsonLd({ data }: { data: { '@type': string } }) {
  const json = jsonForScript(JSON.stringify({ '@context': 'https://schema.org', ...data }));
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
