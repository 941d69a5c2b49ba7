import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { fillSite, site } from '../../src/content/site';
import type { ContactCardsBlock, PageDocument } from '../../src/shared/generated/page-document';
import { startTestServer } from '../support/test-server';
import { withCityFacts } from '../../src/shared/city-facts';
import { readPageDocument } from '../../src/server/site/pages-on-disk';

// Runs against the output of npm run build: the JSON-LD a search engine reads in the HTML the server sends.
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await startTestServer());
});
afterAll(() => close());

const root = new URL('../../', import.meta.url).pathname;
const readPage = (file: string) => fillSite(withCityFacts(readPageDocument(join(root, 'pages', file)) as unknown as PageDocument));
const cityPages = readdirSync(join(root, 'pages/franchise'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => readPage(`franchise/${f}`));

/** The JSON-LD objects in a page's HTML, parsed. */
async function jsonLdOf(route: string): Promise<Record<string, unknown>[]> {
  const response = await app.inject({ method: 'GET', url: route });
  expect(response.statusCode).toBe(200);
  return [...response.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''));
}

const text = { type: 'string', minLength: 1 };
const https = { type: 'string', pattern: '^https://' };
const schemaOrg = { const: 'https://schema.org' };
const postalAddress = {
  type: 'object',
  required: ['@type', 'streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'],
  properties: {
    '@type': { const: 'PostalAddress' },
    streetAddress: text,
    addressLocality: text,
    addressRegion: text,
    postalCode: { type: 'string', pattern: '^[0-9]{6}$' },
    addressCountry: text,
  },
};
const telephone = { type: 'string', pattern: '^\\+91[0-9]{10}$' };
const day = { enum: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] };
const time = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' };

const ajv = new Ajv({ allErrors: true, strict: false });
const validEmploymentAgency = ajv.compile({
  type: 'object',
  required: ['@context', '@type', '@id', 'name', 'url', 'telephone', 'address', 'openingHoursSpecification'],
  properties: {
    '@context': schemaOrg,
    '@type': { const: 'EmploymentAgency' },
    '@id': https,
    name: text,
    url: https,
    image: https,
    telephone,
    email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$' },
    address: postalAddress,
    openingHoursSpecification: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['@type', 'dayOfWeek', 'opens', 'closes'],
        properties: {
          '@type': { const: 'OpeningHoursSpecification' },
          dayOfWeek: { type: 'array', minItems: 1, items: day },
          opens: time,
          closes: time,
        },
      },
    },
    parentOrganization: { type: 'object', required: ['@id'], properties: { '@id': https } },
  },
});
const validOrganization = ajv.compile({
  type: 'object',
  required: ['@context', '@type', '@id', 'name', 'url', 'logo', 'contactPoint', 'sameAs'],
  properties: {
    '@context': schemaOrg,
    '@type': { const: 'Organization' },
    '@id': https,
    name: text,
    legalName: text,
    url: https,
    logo: https,
    telephone,
    address: postalAddress,
    contactPoint: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['@type', 'telephone', 'contactType'],
        properties: { '@type': { const: 'ContactPoint' }, telephone, contactType: text },
      },
    },
    sameAs: { type: 'array', minItems: 1, items: https },
  },
});

describe('structured data in the HTML', () => {
  it('finds the seven city pages', () => {
    expect(cityPages.map((p) => p.route).sort()).toEqual(
      ['chandigarh', 'chennai', 'hyderabad', 'mohali', 'rampur', 'surat', 'visakhapatnam'].map((c) => `/franchise/${c}`),
    );
  });

  it.each(cityPages.map((p) => [p.route, p] as const))('%s describes its office as an EmploymentAgency', async (route, page) => {
    const [office, ...more] = (await jsonLdOf(route)).filter((d) => d['@type'] === 'EmploymentAgency');
    expect(more).toEqual([]);
    expect(validEmploymentAgency(office), ajv.errorsText(validEmploymentAgency.errors)).toBe(true);
    // What it says is what the page shows: the office of its contact cards and the site's phone.
    const cards = page.blocks.find((b): b is ContactCardsBlock => b.type === 'contact-cards');
    expect(cards?.address).toBeDefined();
    expect(office).toMatchObject({
      name: `${site.brand.name} ${page.city?.name}`,
      url: `${site.url}${route}`,
      telephone: site.phone.tel,
      address: {
        streetAddress: cards?.address?.street,
        addressLocality: page.city?.name,
        addressRegion: cards?.address?.state,
        postalCode: cards?.address?.postalCode,
      },
      parentOrganization: { '@id': `${site.url}/#organization` },
    });
    // Every open day the cards list is in the data; closed days are not.
    const open = (cards?.officeHours ?? []).filter((h) => h.hours !== 'Closed');
    expect((office?.openingHoursSpecification as unknown[]).length).toBe(open.length);
  });

  it('gives Surat its hours as the page shows them', async () => {
    const [office] = (await jsonLdOf('/franchise/surat')).filter((d) => d['@type'] === 'EmploymentAgency');
    expect(office?.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:30',
        closes: '18:30',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '16:00' },
    ]);
  });

  it('describes the company on the home page as an Organization, from pages/site.json', async () => {
    const [organization, ...more] = (await jsonLdOf('/')).filter((d) => d['@type'] === 'Organization');
    expect(more).toEqual([]);
    expect(validOrganization(organization), ajv.errorsText(validOrganization.errors)).toBe(true);
    expect(organization).toMatchObject({
      '@id': `${site.url}/#organization`,
      name: site.brand.name,
      url: `${site.url}/`,
      logo: `${site.url}${site.brand.logo}`,
      sameAs: site.social.map((s) => s.href),
      contactPoint: [expect.objectContaining({ telephone: site.phone.tel })],
    });
    expect(existsSync(join(root, 'public', site.brand.logo))).toBe(true);
  });
});
