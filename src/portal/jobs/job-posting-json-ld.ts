import { indiaDateOf } from '../../shared/india-time';
import type { PublicJob } from '../../shared/api/jobs';

/** The schema.org JobPosting of a published job: what search engines read to list it as a job. */
export function jobPostingJsonLd(job: PublicJob, url?: string): Record<string, unknown> {
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    // Dates as India keeps them: the posting day and the end of the last day to apply.
    datePosted: job.datePosted ? indiaDateOf(job.datePosted) : undefined,
    validThrough: job.validThrough ? `${job.validThrough}T23:59:59+05:30` : undefined,
    employmentType: job.employmentType,
    hiringOrganization: { '@type': 'Organization', name: job.companyName },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: job.location, addressCountry: 'IN' },
    },
    totalJobOpenings: job.openings,
    directApply: !job.expired,
    url,
  };
  if (job.salaryMin != null || job.salaryMax != null) {
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'INR',
      value: {
        '@type': 'QuantitativeValue',
        ...(job.salaryMin != null ? { minValue: job.salaryMin } : {}),
        ...(job.salaryMax != null ? { maxValue: job.salaryMax } : {}),
        unitText: 'YEAR',
      },
    };
  }
  return JSON.parse(JSON.stringify(posting)); // drops the fields left undefined
}

/**
 * The text of a <script type="application/ld+json">: JSON whose "<" are escaped, so no field (a description
 * holding "</script>") can end the script early.
 */
export function jsonLdScriptText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
