import { jobPostingJsonLd, jsonLdScriptText } from '../job-posting-json-ld';
import type { PublicJob } from '../../../shared/api/jobs';

/**
 * The JobPosting for search engines, in the HTML the server sends (Google for Jobs reads it there); the text is JSON
 * with "<" escaped, never markup.
 */
export function JobJsonLd({ job, url }: { job: PublicJob; url?: string }) {
  return <script type="application/ld+json">{jsonLdScriptText(jobPostingJsonLd(job, url))}</script>;
}
