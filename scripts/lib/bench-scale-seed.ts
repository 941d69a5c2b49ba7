// Leads for npm run bench:scale, inserted by the database itself (insert … select … from generate_series): forms of
// pages/forms with the fields they declare, the pages that use them, 50 cities, every status, some assigned to BDEs,
// created over two years. Values derive from the row number, so every run seeds the same rows.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../../src/server/db/database';
import { LEAD_STATUSES } from '../../src/shared/lead-statuses';
import { count, progress } from './bench-scale-figures';

const FIRST_NAMES =
  'Aarav Priya Rahul Ananya Vikram Sneha Arjun Kavya Rohan Meera Karan Divya Aditya Pooja Siddharth Neha Manish Ishita Suresh Lakshmi Imran Fatima Gurpreet Harleen Joseph Anjali Deepak Swati Naveen Ritu'.split(
    ' ',
  );
const LAST_NAMES =
  'Sharma Patel Iyer Reddy Nair Gupta Singh Kapoor Mehta Das Joshi Rao Menon Chopra Bose Pillai Verma Kulkarni Desai Agarwal Khan Fernandes Gill Banerjee Mishra'.split(
    ' ',
  );
export const CITIES = (
  'Surat,Chennai,Hyderabad,Chandigarh,Mohali,Rampur,Visakhapatnam,Mumbai,Delhi,Bengaluru,Kolkata,Pune,Ahmedabad,Jaipur,' +
  'Lucknow,Kanpur,Nagpur,Indore,Thane,Bhopal,Patna,Vadodara,Ghaziabad,Ludhiana,Agra,Nashik,Faridabad,Meerut,Rajkot,' +
  'Varanasi,Srinagar,Aurangabad,Dhanbad,Amritsar,Allahabad,Ranchi,Howrah,Coimbatore,Jabalpur,Gwalior,Vijayawada,Jodhpur,' +
  'Madurai,Raipur,Kota,Guwahati,Solapur,Mysuru,Tiruchirappalli,Bareilly'
).split(',');
const MESSAGES = [
  'Looking for a backend developer role with two years of Node.js experience, open to relocating.',
  'We need twenty customer support executives for our new office, fluent in Hindi and English.',
  'Final year B.Com student interested in accounting internships and campus drives this season.',
  'Please call me about franchise terms and the investment needed to open an office in my city.',
  'Our college would like to host a pool campus drive for engineering and management graduates.',
  'Experienced sales manager seeking a team lead position in FMCG or consumer durables.',
];
export const SEARCH_FRAGMENTS = ['kapoo', 'menon', 'pilla', 'desai'];

interface FieldSchema {
  type?: string;
  oneOf?: { const?: unknown }[];
  enum?: unknown[];
}

export interface SeedForm {
  id: string;
  collection: string;
  page: string;
  fields: Record<string, FieldSchema>;
  uploads: string[];
}

/** Up to ten forms of pages/forms that a page uses, with the route of the first such page. */
export function seedForms(tree: string): SeedForm[] {
  const pageTexts = readdirSync(join(tree, 'pages'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json') && !file.startsWith('forms/') && file !== 'site.json')
    .sort()
    .map((file) => readFileSync(join(tree, 'pages', file), 'utf8'));
  const forms = readdirSync(join(tree, 'pages/forms'))
    .sort()
    .map((file) => {
      const form = JSON.parse(readFileSync(join(tree, 'pages/forms', file), 'utf8'));
      const user = pageTexts.find((text) => text.includes(`"${form.id}"`));
      const ui = (form.ui ?? {}) as Record<string, { 'ui:widget'?: string }>;
      const page = user && (JSON.parse(user) as { route: string }).route;
      const uploads = Object.keys(ui).filter((key) => ui[key]?.['ui:widget'] === 'file-upload');
      return page && { id: form.id as string, collection: form.collection as string, page, fields: form.schema.properties, uploads };
    });
  return forms.filter((form): form is SeedForm => !!form).slice(0, 10);
}

const literal = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`;
const textArray = (values: unknown[]) => `array[${values.map(literal).join(',')}]`;
/** A number in 0..n-1 hashed from the row number: each salt gives a choice independent of the others. */
const hashed = (n: number, salt: number, row = 'x.g') => `((hashint8(${row} * ${salt}) & 2147483647) % ${n})`;
const pick = (values: unknown[], salt: number, row = 'x.g') => `(${textArray(values)})[1 + ${hashed(values.length, salt, row)}]`;

/** The SQL of a field's value for row x, by what the field holds. */
function fieldValue(key: string, field: FieldSchema, salt: number): string {
  const choices = field.oneOf?.map((option) => option.const) ?? field.enum;
  if (choices?.length) return pick(choices, salt);
  if (field.type === 'integer' || field.type === 'number') return '(1 + x.g % 20)';
  if (field.type === 'boolean') return 'true';
  if (/^(name|contactName)$/.test(key)) return `x.first_name || ' ' || x.last_name`;
  if (key === 'email') return `lower(x.first_name || '.' || x.last_name || (x.g % 1000)) || '@example.com'`;
  if (/^(phone|contact)$/.test(key)) return `'9' || lpad(((x.g * 104729) % 1000000000)::text, 9, '0')`;
  if (/^(message|description)$/.test(key)) return `${pick(MESSAGES, 7)} || ' (' || x.city || ')'`;
  if (/^(city|location|district)$/.test(key)) return 'x.city';
  return `${literal(key)} || ' ' || (x.g % 50)`;
}

function dataOf(form: SeedForm): string {
  const pairs = Object.entries(form.fields)
    .filter(([key]) => !form.uploads.includes(key))
    .map(([key, field], i) => `${literal(key)}, ${fieldValue(key, field, 101 + i)}`);
  return `jsonb_build_object(${pairs.join(', ')})`;
}

const TWO_YEARS_S = 730 * 86_400;

/** The insert of rows $1..$2: a row's form is its number modulo the forms; city, status, date, assignee are hashed. */
function insertSql(forms: SeedForm[], assignees: string[]): string {
  const byForm = (value: (form: SeedForm) => string) =>
    `case x.g % ${forms.length} ${forms.map((form, i) => `when ${i} then ${value(form)}`).join(' ')} end`;
  const assignee = assignees.length ? `case when ${hashed(10, 23)} < 3 then ${pick(assignees, 29)}::uuid end` : 'null';
  return `
    insert into submissions (form_id, collection, page, city, data, consent, status, client_ip, created_at, updated_at, assigned_to)
    select ${byForm((f) => literal(f.id))}, ${byForm((f) => literal(f.collection))}, ${byForm((f) => literal(f.page))},
           ${byForm((f) => ('city' in f.fields ? 'x.city' : 'null'))}, ${byForm(dataOf)},
           jsonb_build_object('text', 'I agree to be contacted about my enquiry.', 'givenAt', x.created_at, 'page', ${byForm((f) => literal(f.page))}),
           x.status, '10.' || (x.g % 250) || '.' || (x.g / 250 % 250) || '.7', x.created_at,
           case when x.status <> 'new' then x.created_at + interval '1 day' end, ${assignee}
      from (select g, ${pick(FIRST_NAMES, 31, 'g')} as first_name, ${pick(LAST_NAMES, 17, 'g')} as last_name, ${pick(CITIES, 13, 'g')} as city,
                   ${pick([...LEAD_STATUSES], 11, 'g')} as status,
                   now() - ${hashed(TWO_YEARS_S, 19, 'g')} * interval '1 second' as created_at
              from generate_series($1::bigint, $2::bigint) g) x`;
}

const BATCH = 50_000;

export async function seedLeads(db: Queryable, forms: SeedForm[], assignees: string[], total: number) {
  const sql = insertSql(forms, assignees);
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.query(sql, [from, to]);
    progress(`  seeded ${count(to)} of ${count(total)} leads`);
  }
}
