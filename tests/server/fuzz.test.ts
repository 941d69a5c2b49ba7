import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { publishedJob } from '../support/published-job';
import { moveRequiredMessagesToFields } from '../../src/shared/transform-errors';
import { formUseOn, upcomingEventsOn, type CatalogForm, type FormCatalog } from '../../src/server/forms/form-catalog';
import { sourcePages } from '../../src/server/site/source-pages';

// Seeded so a failure can be replayed: FUZZ_SEED=<printed seed> npx vitest run tests/server/fuzz.test.ts
const seed = Number(process.env.FUZZ_SEED ?? 20240611);
/**
 * Payloads per form, and the time one database may spend on all of them: 40 s sends some 800 to 1,300 payloads per
 * form here; a longer FUZZ_SECONDS goes further down the same seeded sequence.
 */
const runsPerForm = Number(process.env.FUZZ_RUNS ?? 2000);
const budgetMs = Number(process.env.FUZZ_SECONDS ?? 40) * 1000;

type Server = Awaited<ReturnType<typeof startTestServer>>;
type FieldSchema = {
  type?: string;
  enum?: string[];
  oneOf?: { const: string }[];
  pattern?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** Text the database cannot store or a careless server mishandles: NUL, halves of surrogate pairs, markup, SQL. */
const nasty = fc.oneof(
  fc.constantFrom(
    '\0',
    'a\0b',
    '\ud800',
    '\udfff',
    'x\ud83d',
    '\udc00y',
    '\u202e',
    '<script>alert(1)</script>',
    "'; drop table submissions;--",
    '%00',
    '\\u0000',
    '{name}',
    ' ',
  ),
  fc
    .array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
        fc.constant('\0'),
      ),
      { maxLength: 6 },
    )
    .map((parts) => parts.join('')),
);
const huge = fc.integer({ min: 1_000, max: 80_000 }).map((n) => 'x'.repeat(n));
const deep = fc.integer({ min: 10, max: 3_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { v: value };
  return value;
});
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 3 }),
  deep,
);

/** A value a visitor could well have meant for the field, from its schema. */
function plausible(schema: FieldSchema, fixedChoices?: string[]): fc.Arbitrary<unknown> {
  if (fixedChoices?.length) return fc.constantFrom(...fixedChoices);
  if (schema.oneOf) return fc.constantFrom(...schema.oneOf.map((o) => o.const));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'integer') return fc.integer({ min: (schema.minimum ?? 0) - 2, max: (schema.maximum ?? 1000) + 2 });
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern && schema.pattern !== '\\S') return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(schema.maxLength ?? 200, 300) });
}

/** A field's value: mostly plausible, sometimes hostile, huge, of the wrong type, or absent. */
const fieldValue = (schema: FieldSchema, choices?: string[]) =>
  fc.option(
    fc.oneof(
      { weight: 12, arbitrary: plausible(schema, choices) },
      { weight: 2, arbitrary: nasty },
      { weight: 1, arbitrary: huge },
      { weight: 2, arbitrary: wrongType },
    ),
    { freq: 12, nil: undefined },
  );

function formData({ definition }: CatalogForm, choices: Record<string, string[]> = {}) {
  const properties = (definition.schema.properties ?? {}) as Record<string, FieldSchema>;
  const fields = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, fieldValue(schema, choices[name])])),
  );
  const extras = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'consent', 'id', 'created_at'), nasty),
    fc.oneof(fc.string(), wrongType, nasty),
    { maxKeys: 4 },
  );
  return fc.tuple(fields, fc.option(extras, { freq: 4, nil: undefined })).map(([known, extra]) => {
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(extra ?? {}))
      Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
    for (const [key, value] of Object.entries(known)) if (value !== undefined) data[key] = value;
    return data;
  });
}

/** The whole body: mostly well-formed around the data, sometimes broken at the top. */
const body = (data: fc.Arbitrary<unknown>, top: Record<string, unknown>) =>
  fc.oneof(
    { weight: 12, arbitrary: data.map((d) => ({ ...top, data: d })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(data, fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), wrongType, nasty), { maxKeys: 3 }))
        .map(([d, extra]) => ({ ...extra, ...top, data: d })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(data, fc.constantFrom(...Object.keys(top)), fc.oneof(wrongType, nasty, huge))
        .map(([d, key, broken]) => ({ ...top, data: d, [key]: broken })),
    },
    { weight: 1, arbitrary: fc.oneof(wrongType, nasty).map((d) => ({ ...top, data: d })) },
  );

/** What the server's validator says of stored data: its errors, and keys the form does not know. */
function problemsOf(form: CatalogForm, data: Record<string, unknown>): string[] {
  const { errors } = form.validator.validateFormData(data, form.definition.schema, undefined, moveRequiredMessagesToFields);
  const known = Object.keys(form.definition.schema.properties ?? {});
  return [
    ...errors.map((e) => `${e.property} ${e.message}`),
    ...Object.keys(data)
      .filter((k) => !known.includes(k))
      .map((k) => `unknown field ${k}`),
  ];
}

/** The first page that uses a form, and the choices it allows for fields it decides (the event of an events page). */
async function pageFor(catalog: FormCatalog, formId: string): Promise<{ route: string; choices: Record<string, string[]> } | undefined> {
  for (const route of sourcePages().routes().keys()) {
    const page = await catalog.page(route);
    if (!page || !formUseOn(page, formId)) continue;
    return { route, choices: formId === 'event-registration' ? { event: upcomingEventsOn(page) } : {} };
  }
  return undefined;
}

describe.each(databaseKinds)('fuzzed submissions on %s', (kind) => {
  let server: Server;
  let jobId: string;
  let started = 0;
  const figures: string[] = [];
  let ip = 0;

  beforeAll(async () => {
    started = Date.now();
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1e9 } });
    jobId = await publishedJob(server.app, (await loginAs(server.app, server.db, 'ADMIN')).cookies);
    console.log(
      `fuzz on ${kind}: seed ${seed} (FUZZ_SEED), ${runsPerForm} payloads per form (FUZZ_RUNS), ${budgetMs / 1000} s (FUZZ_SECONDS)`,
    );
  });
  afterAll(async () => {
    console.log(`fuzz on ${kind} in ${((Date.now() - started) / 1000).toFixed(1)} s:\n  ${figures.join('\n  ')}`);
    await server.close();
  });

  /** Sends generated bodies until the runs or this database's share of the time are spent; no answer may be a 5xx. */
  async function fuzz(label: string, url: string, bodies: fc.Arbitrary<unknown>, share: number) {
    const statuses = new Map<number, number>();
    let sent = 0;
    const until = Date.now() + share;
    await fc.assert(
      fc.asyncProperty(bodies, async (payload) => {
        const response = await server.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}` },
        });
        sent++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body}`);
      }),
      { seed, numRuns: runsPerForm, interruptAfterTimeLimit: Math.max(until - Date.now(), 500), markInterruptAsFailure: false },
    );
    figures.push(
      `${label}: ${sent} payloads, answers ${[...statuses]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    return sent;
  }

  it(
    'never answers 5xx to any form, and stores only data its schema accepts',
    async () => {
      const catalog = server.app.formCatalog;
      const targets = [];
      for (const formId of catalog.forms.keys()) {
        const use = await pageFor(catalog, formId);
        if (use) targets.push({ formId, ...use });
      }
      expect(targets.length).toBeGreaterThan(10);
      const share = budgetMs / (targets.length + 1);
      for (const { formId, route, choices } of targets) {
        const form = catalog.forms.get(formId)!;
        await fuzz(formId, `/api/forms/${formId}`, body(formData(form, choices), { page: route, captcha: 'x' }), share);
      }

      const stored = await server.db.query<{ form_id: string; data: Record<string, unknown> }>('select form_id, data from submissions');
      const bad = stored.flatMap((row) =>
        problemsOf(catalog.forms.get(row.form_id)!, row.data).map((p) => `${row.form_id}: ${p} in ${JSON.stringify(row.data)}`),
      );
      figures.push(`stored submissions: ${stored.length}, failing their schema: ${bad.length}`);
      expect(bad).toEqual([]);
      expect(stored.length).toBeGreaterThan(targets.length);
    },
    10 * 60_000,
  );

  it(
    'never answers 5xx to a job application, and stores only valid applicants',
    async () => {
      const form = server.app.formCatalog.forms.get('job-application')!;
      await fuzz('job-application', `/api/jobs/public/${jobId}/applications`, body(formData(form), { captcha: 'x' }), budgetMs / 16);
      const stored = await server.db.query<{ name: string; email: string; phone: string }>(
        'select name, email, phone from job_applications',
      );
      const bad = stored.flatMap((row) => problemsOf(form, { ...row }));
      figures.push(`stored applications: ${stored.length}, failing their schema: ${bad.length}`);
      expect(bad).toEqual([]);
    },
    5 * 60_000,
  );
});
