import type { SiteConfig } from './generated/site-config';

/** The values {brand}, {slug}, {phone}, ... stand for in page and site text. */
export function placeholderValues(site: SiteConfig): Record<string, string> {
  const a = site.address;
  return {
    brand: site.brand.name,
    slug: site.brand.slug,
    legalName: site.brand.legalName,
    phone: site.phone.display,
    email: site.email,
    address: `${a.street}, ${a.city}, ${a.state} ${a.postalCode}`,
    year: String(new Date().getFullYear()),
    // The reply every lead is promised: what the pages say and the response clock keeps are one value.
    replyHours: String(site.replyHours),
    // What a franchise keeps: what the franchise pages state and the placements report reckons are one value.
    fixedHireCommission: String(site.commission.fixedHire),
    ctcShareCommission: String(site.commission.ctcShare),
    newCompanyBonus: String(site.commission.newCompanyBonus),
    assessmentCommission: String(site.commission.assessments),
  };
}

/** A form's placeholders: the site's, with {replyHours} the form's own promise where it makes one (responseHours). */
export function formPlaceholderValues(values: Record<string, string>, form: { responseHours?: number }): Record<string, string> {
  return form.responseHours ? { ...values, replyHours: String(form.responseHours) } : values;
}

/** Replaces known {placeholders} in every string of a JSON value; unknown ones stay as written. */
export function fillPlaceholders<T>(value: T, values: Record<string, string>): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}
