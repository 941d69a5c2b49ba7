import { LEAD_STATUSES } from './lead-repository';

/** JSON Schemas of the leads API: what each route accepts and answers. */

export const errorSchema = { type: 'object', properties: { error: { type: 'string' } } } as const;

const uuid = { type: 'string', format: 'uuid' } as const;
const nullableString = { type: ['string', 'null'] } as const;

export const idParams = { type: 'object', required: ['id'], properties: { id: uuid } } as const;

const person = {
  type: ['object', 'null'],
  properties: { id: { type: 'string' }, username: { type: 'string' }, fullName: nullableString },
} as const;

/** The filters of the list and of the CSV export. */
const filterProperties = {
  form: { type: 'string', maxLength: 100 },
  collection: { type: 'string', maxLength: 100 },
  excludeCollection: { type: 'string', maxLength: 100 },
  city: { type: 'string', maxLength: 100 },
  status: { type: 'string', enum: LEAD_STATUSES },
  assigned: { type: 'string', pattern: '^(me|none|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$' },
  q: { type: 'string', maxLength: 200 },
  from: { type: 'string', format: 'date' },
  to: { type: 'string', format: 'date' },
} as const;

export const facetsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { collection: filterProperties.collection, excludeCollection: filterProperties.excludeCollection },
} as const;

export const csvQuery = { type: 'object', additionalProperties: false, properties: filterProperties } as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...filterProperties,
    page: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
} as const;

const leadSummary = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    formId: { type: 'string' },
    collection: { type: 'string' },
    page: { type: 'string' },
    city: nullableString,
    status: { type: 'string' },
    createdAt: { type: 'string' },
    assignedTo: person,
    name: nullableString,
    email: nullableString,
    phone: nullableString,
    summary: { type: 'string' },
    hasResume: { type: 'boolean' },
  },
} as const;

export const listResponse = {
  type: 'object',
  properties: {
    items: { type: 'array', items: leadSummary },
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
} as const;

export const facetsResponse = {
  type: 'object',
  properties: {
    forms: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } } } },
    collections: { type: 'array', items: { type: 'string' } },
    cities: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const noteSchema = {
  type: 'object',
  properties: { id: { type: 'string' }, body: { type: 'string' }, createdAt: { type: 'string' }, author: person },
} as const;

export const leadDetail = {
  type: 'object',
  properties: {
    ...leadSummary.properties,
    formTitle: { type: 'string' },
    updatedAt: nullableString,
    fields: {
      type: 'array',
      items: { type: 'object', properties: { key: { type: 'string' }, label: { type: 'string' }, value: { type: 'string' } } },
    },
    consent: {
      type: ['object', 'null'],
      properties: { text: { type: 'string' }, givenAt: { type: 'string' }, page: { type: 'string' } },
    },
    notes: { type: 'array', items: noteSchema },
    resume: {
      type: ['object', 'null'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, size: { type: 'integer' }, type: { type: 'string' } },
    },
  },
} as const;

export const patchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { status: { type: 'string', enum: LEAD_STATUSES }, assignedTo: { anyOf: [uuid, { type: 'null' }] } },
} as const;

export const noteBody = {
  type: 'object',
  required: ['body'],
  additionalProperties: false,
  properties: { body: { type: 'string', minLength: 1, maxLength: 2000 } },
} as const;

export const assigneesResponse = {
  type: 'object',
  properties: {
    users: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, username: { type: 'string' }, fullName: nullableString, role: { type: 'string' }, city: nullableString },
      },
    },
  },
} as const;
