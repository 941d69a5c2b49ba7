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
  openingHoursSpecification: OpeningHoursSpecification[];
  parentOrganization: { '@id': string };
}

/** The office on a page: the same address, phone and hours the contact cards show. */
export function employmentAgency(
  business: LocalBusiness,
  { path, address, officeHours }: { path: string; address: Address; officeHours: OfficeHours[] },
): EmploymentAgency {
  const url = siteUrl(path);
  return {
    '@type': 'EmploymentAgency',
    '@id': `${url}#office`,
    name: business.name,
    ...(business.description ? { description: business.description } : {}),
    url,
    image: siteUrl(site.brand.logo),
    telephone: site.phone.tel,
    email: site.email,
    address: postalAddress(address),
    openingHoursSpecification: openingHours(officeHours),
    parentOrganization: { '@id': organizationId },
  };
}
