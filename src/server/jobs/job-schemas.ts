import { EMPLOYMENT_TYPES } from './job-rules';

/** Fastify schemas of the jobs API: what each route takes and answers. */

const nullableString = { type: ['string', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

export const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
  },
} as const;

export const errorListSchema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

export const pageQuery = { type: 'integer', minimum: 1, maximum: 10000, default: 1 } as const;

/** A job as visitors see it. */
const publicJobProperties = {
  id: { type: 'string' },
  title: { type: 'string' },
  companyName: { type: 'string' },
  location: { type: 'string' },
  employmentType: { type: 'string' },
  openings: { type: 'integer' },
  experience: nullableString,
  salaryMin: nullableInteger,
  salaryMax: nullableInteger,
  validThrough: nullableString,
  datePosted: nullableString,
  expired: { type: 'boolean' },
} as const;

export const publicJobSummary = { type: 'object', properties: publicJobProperties } as const;

export const publicJob = {
  type: 'object',
  properties: { ...publicJobProperties, description: { type: 'string' }, status: { type: 'string' } },
} as const;

/** A job as the portal sees it. */
export const portalJob = {
  type: 'object',
  properties: {
    ...publicJob.properties,
    jobRequestId: nullableString,
    createdAt: { type: 'string' },
    updatedAt: nullableString,
    applicantCount: { type: 'integer' },
  },
} as const;

export const pageOf = (item: object) =>
  ({
    type: 'object',
    required: ['items', 'total', 'page', 'pageSize'],
    properties: { items: { type: 'array', items: item }, total: { type: 'integer' }, page: { type: 'integer' }, pageSize: { type: 'integer' } },
  }) as const;

export const applicantSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    appliedAt: { type: 'string' },
    hasResume: { type: 'boolean' },
    resumeUrl: nullableString,
  },
} as const;

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;

/** The reviewed job: what publishing writes and editing may change. */
export const jobFieldProperties = {
  title: text(120),
  description: text(5000),
  companyName: text(120),
  location: text(80),
  employmentType: { type: 'string', enum: [...EMPLOYMENT_TYPES] },
  openings: { type: 'integer', minimum: 1, maximum: 1000 },
  experience: { type: ['string', 'null'], maxLength: 40 },
  // Rupees a year; ₹10 crore is past any posting's salary.
  salaryMin: { type: ['integer', 'null'], minimum: 0, maximum: 100_000_000 },
  salaryMax: { type: ['integer', 'null'], minimum: 0, maximum: 100_000_000 },
  validThrough: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
} as const;

export const publishBody = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'companyName', 'location', 'employmentType', 'openings'],
  properties: jobFieldProperties,
} as const;

export const patchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { ...jobFieldProperties, status: { type: 'string', enum: ['published', 'closed'] } },
} as const;

/** The job-posting form's fields, as submitted. */
export const jobRequestSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string' },
    page: { type: 'string' },
    createdAt: { type: 'string' },
    city: nullableString,
    assignedTo: nullableString,
    data: {
      type: 'object',
      properties: {
        companyName: { type: 'string' },
        contactName: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        jobTitle: { type: 'string' },
        location: { type: 'string' },
        employmentType: { type: 'string' },
        openings: { type: 'integer' },
        experience: { type: 'string' },
        salary: { type: 'string' },
        description: { type: 'string' },
      },
    },
    job: { type: ['object', 'null'], properties: { id: { type: 'string' }, status: { type: 'string' } } },
  },
} as const;
