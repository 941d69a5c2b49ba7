import { site } from '../../content/site';
import { retentionWords } from '../../shared/retention';

/** Each kind of record with its period, from privacy.retention of pages/site.json (the periods housekeeping enforces). */
export function retentionItems(): string[] {
  return Object.values(site.privacy.retention).map((period) => `${period.label}: ${retentionWords(period)}.`);
}

/** The grievance officer of pages/site.json, with the company's postal address. */
export function grievanceOfficerLine(): string {
  const { name, email, phone } = site.privacy.grievanceOfficer;
  const a = site.address;
  const contact = [`Email: ${email}`, phone && `Phone: ${phone}`].filter(Boolean).join('. ');
  return `${name}, Grievance Officer, ${site.brand.legalName}, ${a.street}, ${a.city}, ${a.state} ${a.postalCode}. ${contact}.`;
}
