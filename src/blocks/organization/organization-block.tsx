import type { OrganizationBlock as OrganizationProps } from '../../shared/generated/page-document';
import { site } from '../../content/site';
import { JsonLd, organizationId, postalAddress, siteUrl, type PostalAddress } from '../shared/structured-data';

/** The company as schema.org describes an Organization. */
export interface Organization {
  '@type': 'Organization';
  '@id': string;
  name: string;
  legalName: string;
  url: string;
  logo: string;
  email: string;
  telephone: string;
  address: PostalAddress;
  contactPoint: { '@type': 'ContactPoint'; telephone: string; email: string; contactType: string; areaServed: string }[];
  sameAs: string[];
}

export function organization(): Organization {
  return {
    '@type': 'Organization',
    '@id': organizationId,
    name: site.brand.name,
    legalName: site.brand.legalName,
    url: siteUrl('/'),
    logo: siteUrl(site.brand.logo),
    email: site.email,
    telephone: site.phone.tel,
    address: postalAddress(site.address),
    contactPoint: [
      { '@type': 'ContactPoint', telephone: site.phone.tel, email: site.email, contactType: 'customer service', areaServed: 'IN' },
    ],
    sameAs: site.social.map((s) => s.href),
  };
}

/** Shows nothing: the company's structured data, from pages/site.json. */
export function OrganizationBlock(_: OrganizationProps) {
  return <JsonLd data={organization()} />;
}
