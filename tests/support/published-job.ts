import type { FastifyInstance } from 'fastify';

/** A job request as a reviewer publishes it: the job tests start from it and change what they test. */
export const reviewedJob = {
  title: 'Accounts Executive',
  description: 'Maintain ledgers in Tally, GST filings and vendor payments.',
  companyName: 'Sahyadri Foods Pvt Ltd',
  location: 'Pune',
  employmentType: 'FULL_TIME',
  openings: 2,
  experience: '1-3',
  salaryMin: 300000,
  salaryMax: 450000,
};

/** An employer's request from /free-job-posting, as the form API takes it (on a site with the captcha off). */
export const jobRequestSubmission = {
  page: '/free-job-posting',
  captcha: 'off',
  data: {
    contactName: 'Priya Shah',
    companyName: reviewedJob.companyName,
    email: 'hr@sahyadri.example',
    phone: '9876543210',
    jobTitle: reviewedJob.title,
    location: reviewedJob.location,
    employmentType: 'FULL_TIME',
    openings: 2,
    experience: '1-3',
    salary: '3,00,000 - 4,50,000',
    description: reviewedJob.description,
  },
};

/** A job open for applications: jobRequestSubmission, published by an admin as reviewedJob (with `changes`). */
export async function publishedJob(
  app: FastifyInstance,
  adminCookies: Record<string, string>,
  changes: Record<string, unknown> = {},
): Promise<string> {
  const request = await app.inject({ method: 'POST', url: '/api/forms/job-posting', payload: jobRequestSubmission });
  if (request.statusCode !== 201) throw new Error(`job request: ${request.body}`);
  const published = await app.inject({
    method: 'POST',
    url: `/api/job-requests/${request.json().id}/publish`,
    cookies: adminCookies,
    payload: { ...reviewedJob, ...changes },
  });
  if (published.statusCode !== 201) throw new Error(`publish: ${published.body}`);
  return published.json().job.id;
}
