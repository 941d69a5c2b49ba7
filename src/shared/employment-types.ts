/** The kinds of employment a job is (schema.org JobPosting's employmentType): plain values, for the browser too. */
export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'INTERN'] as const;
export type EmploymentTypeName = (typeof EMPLOYMENT_TYPES)[number];
