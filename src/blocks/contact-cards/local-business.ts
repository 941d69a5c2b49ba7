import type { Address, LocalBusiness, OfficeHours } from '../../shared/generated/page-document';
import { site } from '../../content/site';
import { organizationId, postalAddress, siteUrl, type PostalAddress } from '../shared/structured-data';
import { openingHours, type OpeningHoursSpecification } from './opening-hours';

/** A city office as schema.org describes a local business: an EmploymentAgency. */
export interface EmploymentAgency {
  '@type': 'EmploymentAgency';
  '@id': string;
  name: string;
  description?: string;
  url: string;
  image: string;
  telephone: string;
  email: string;
  address: PostalAddress;
  hasMap?: string;
  openingHoursSpecification: OpeningHoursSpecification[];
  parentOrganization: { '@id': string };
}

interface Office {
  path: string;
  address: Address;
  officeHours: OfficeHours;
  /** The number to dial, in E.164. */
  telephone: string;
  email: string;
  mapLink?: string;
}

/** The office on a page: the same address, phone, e-mail, map and hours the contact cards show. */
export function employmentAgency(
  business: LocalBusiness,
  { path, address, officeHours, telephone, email, mapLink }: Office,
): EmploymentAgency {
  const url = siteUrl(path);
  return {
    '@type': 'EmploymentAgency',
    '@id': `${url}#office`,
    name: business.name,
    ...(business.description ? { description: business.description } : {}),
    url,
    image: siteUrl(site.brand.logo),
    telephone,
    email,
    address: postalAddress(address),
    ...(mapLink ? { hasMap: mapLink } : {}),
    openingHoursSpecification: openingHours(officeHours),
    parentOrganization: { '@id': organizationId },
  };
}
