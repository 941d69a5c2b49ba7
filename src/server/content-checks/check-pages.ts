import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import addErrors from 'ajv-errors';
import { addPhoneFormat, codeFormats, FORMATS_NAME, formatsCode } from './phone-format.ts';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { matchAppRoute } from '../../shared/route-match.ts';
import {
  cityMismatches,
  copiedCityFacts,
  sharedKeys,
  deadLinks,
  formPlaceholders,
  unknownPlaceholders,
  type Finding,
} from './content-rules.ts';
import { jsonSyntaxProblem } from './json-syntax.ts';
import { didYouMean } from './nearest-name.ts';
import { pageFileOf, reservedRoute } from '../../shared/page-files.ts';
import { fillPlaceholders, placeholderValues } from '../../shared/placeholders.ts';
import { formInLocale } from '../../shared/form-in-locale.ts';
import { localesIn, textPointerOf } from '../../shared/localized-text.ts';
import { EDITOR_KEYWORDS } from '../../shared/schema-words.ts';
import { schemaErrorMessage, schemaErrorPointer } from '../../shared/schema-errors.ts';
import { migratePage, PageVersionError } from '../../shared/page-migrations/migrate-page.ts';
import type { SiteConfig } from '../../shared/generated/site-config.ts';
import type { CityTemplate } from '../../shared/generated/city-template.ts';
import { CITY_NAME_PLACEHOLDER, composeCityPage, isCityFacts, TEMPLATES_FOLDER } from '../../shared/city-template.ts';
import { cityOverrideProblems, inCityFacts, templatePointer, templateProblems, type MadeCityPage } from './city-template-rules.ts';
import { pointerKeys, pointerSegment } from '../../shared/json-pointer.ts';
import { missingFormTexts, missingSiteTexts, missingTextMessage, missingTexts } from './missing-texts.ts';
import { COMPLAINT_FORM } from '../../shared/complaint-form.ts';
import { formUsesOf, siteWideForms } from '../../shared/form-uses.ts';
import { APPLICATION_FORM, JOB_LOCALES } from '../../shared/job-locales.ts';
import { missingMessages } from '../../shared/i18n/messages.ts';
import { DEFAULT_LOCALE, LOCALE_FACTS, localizedRoute, type Locale } from '../../shared/locales.ts';
import type { LeadRouting } from '../../shared/generated/lead-routing.ts';
import { CLOCK_PLACEHOLDERS, MESSAGE_PLACEHOLDERS, MESSAGES_POINTER, formRoutingProblems, routingProblems } from './routing-rules.ts';
import { publicDir, root, schemasDir, type DocumentKind, type JsonFile } from '../site/pages-on-disk.ts';

export interface Problem {
  file: string;
  pointer: string;
  line: number;
  column: number;
  message: string;
}

/** A problem as one line: where (file, line, column, pointer), then what. */
export const describeProblem = (p: Problem) => `${p.file}:${p.line}:${p.column} ${p.pointer} ${p.message}`;

const schemaFileOf: Record<DocumentKind, string> = {
  page: 'page.json',
  site: 'site.json',
  form: 'form.json',
  routing: 'lead-routing.json',
  template: 'city-template.json',
};
/** The schema of a city page written as its facts: a page document that names a template. */
const CITY_PAGE_SCHEMA = 'city-page.json';
/** Every schema a document is checked against. */
const documentSchemas = [...Object.values(schemaFileOf), CITY_PAGE_SCHEMA];

/** Every block type, from the `type` constant of each schema in schemas/blocks. */
const blockTypes: string[] = [];
/** The page, site and form schemas' validators by schema file, made once per process however many files are checked. */
let documentValidators: Record<string, ValidateFunction> | undefined;

const ajvVersion = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
const schemaId = (file: string) => `https://schemas.hireframe.invalid/${file}`;

function createAjv({ esm = false, verbose = false } = {}) {
  const ajv = new Ajv({
    allErrors: true,
    discriminator: true,
    strict: true,
    allowUnionTypes: true,
    // With verbose, each error carries its schema, whose `invalid` words a broken rule for the people who write pages.
    verbose,
    code: { source: true, esm, ...formatsCode },
  });
  addFormats(ajv);
  addPhoneFormat(ajv);
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  // The page editor's words (a field's name, what to write instead of a broken value, ...): read by the editor alone.
  for (const [keyword, schemaType] of Object.entries(EDITOR_KEYWORDS)) ajv.addKeyword({ keyword, schemaType });
  return ajv;
}

/**
 * The page, site and form validators, compiled once per process. Compiling is most of what checking a few pages costs
 * (a third of a second), so with `diskCache` (the command-line tools and the dev server, which start often) the
 * compiled code is kept under node_modules/.cache, named by a hash of the schemas' text: a changed schema is compiled
 * afresh, and where the cache cannot be written (a read-only install) the process compiles its own. The server
 * compiles in memory: it loads no code it did not compile itself.
 */
function documentValidatorsFor(diskCache: boolean): Record<string, ValidateFunction> {
  if (documentValidators) return documentValidators;
  const files = [
    'common.json',
    ...documentSchemas,
    ...readdirSync(join(schemasDir, 'blocks'))
      .sort()
      .map((f) => `blocks/${f}`),
  ];
  const texts = files.map((file) => readFileSync(join(schemasDir, file), 'utf8'));
  const schemas = texts.map((text) => JSON.parse(text));
  for (const [i, file] of files.entries()) {
    const type = schemas[i].properties?.type?.const;
    if (file.startsWith('blocks/') && typeof type === 'string') blockTypes.push(type);
  }
  const compile = () => {
    const ajv = createAjv({ verbose: true });
    for (const [i, file] of files.entries()) {
      const schema = schemas[i];
      delete schema.$schema;
      ajv.addSchema(schema, schemaId(file));
    }
    return ajv;
  };
  const kinds = documentSchemas;
  const compiled = (ajv: Ajv, file: string) => {
    const validate = ajv.getSchema(schemaId(file));
    if (!validate) throw new Error(`schemas/${file} did not compile`);
    return validate;
  };
  const inMemory = (ajv: Ajv) => Object.fromEntries(kinds.map((file) => [file, compiled(ajv, file)]));
  if (!diskCache) return (documentValidators = inMemory(compile()));

  const hash = createHash('sha256')
    .update(`${ajvVersion}\0${FORMATS_NAME}\0${files.join('\0')}\0${texts.join('\0')}`)
    .digest('hex')
    .slice(0, 16);
  const cached = join(root, 'node_modules/.cache/hireframe', `document-validators-${hash}.cjs`);
  // The file exports a function of the formats its code calls (formatsCode names them).
  const load = () => (createRequire(cached)(cached) as (formats: typeof codeFormats) => Record<string, ValidateFunction>)(codeFormats);
  if (existsSync(cached)) {
    try {
      return (documentValidators = load());
    } catch {
      // A damaged cache file is compiled again below.
    }
  }
  const ajv = compile();
  try {
    mkdirSync(dirname(cached), { recursive: true });
    const temporary = `${cached}.${process.pid}`;
    const code = standaloneCode(ajv, Object.fromEntries(kinds.map((file) => [file, schemaId(file)])));
    writeFileSync(
      temporary,
      `module.exports = function (${FORMATS_NAME}) {\nconst module = { exports: {} };\nconst exports = module.exports;\n${code}\nreturn module.exports;\n};\n`,
    );
    renameSync(temporary, cached);
    return (documentValidators = load());
  } catch {
    return (documentValidators = inMemory(ajv));
  }
}

/**
 * The check of schemas/lead-routing.json as ES module code (`validateRouting`), compiled by the same Ajv with the same
 * options as `npm run validate`'s: the portal's routing editor runs it before sending (scripts/generate.ts writes it).
 */
export function routingValidatorCode(): string {
  const ajv = createAjv({ esm: true });
  for (const file of ['common.json', 'form.json', schemaFileOf.routing]) {
    const { $schema: _ignored, ...schema } = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Record<string, unknown>;
    ajv.addSchema(schema, schemaId(file));
  }
  return standaloneCode(ajv, { validateRouting: schemaId(schemaFileOf.routing) });
}

/** A separate Ajv for the data schema inside each form, as the browser and server compile it. */
function createFormDataAjv() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  addPhoneFormat(ajv);
  addErrors(ajv);
  return ajv;
}

/** A pointer as jsonc-parser's path: list indices as numbers. */
const pathSegments = (pointer: string): (string | number)[] => pointerKeys(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));

function lineColumn(text: string, offset: number) {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - lineStart + 1 };
}

/** Locates a JSON pointer in the text; for a missing member, the nearest parent that exists. */
function locate(text: string, tree: Node | undefined, pointer: string) {
  let segments = pathSegments(pointer);
  while (tree) {
    const node = findNodeAtLocation(tree, segments);
    if (node) {
      // Point at the member name rather than its value when there is one.
      const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
      return lineColumn(text, at);
    }
    if (!segments.length) break;
    segments = segments.slice(0, -1);
  }
  return { line: 1, column: 1 };
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'discriminator' && p.error === 'mapping') {
    const written = String(p.tagValue);
    return `unknown block type "${written}"${didYouMean(written, blockTypes)} The block types are: ${blockTypes.join(', ')}`;
  }
  const invalid = (error.parentSchema as { invalid?: unknown } | undefined)?.invalid;
  if (typeof invalid === 'string' && ['pattern', 'format', 'minLength'].includes(error.keyword)) return invalid;
  return schemaErrorMessage(error);
}

/**
 * Calls visit with every value of a JSON value, depth first, and a function giving its JSON pointer: pointers are
 * spelled out only for the few values a problem is reported on.
 */
function walk(value: unknown, base: string, visit: (value: unknown, pointer: () => string) => void) {
  const path: string[] = [];
  const pointer = () => base + path.map(pointerSegment).join('');
  const step = (v: unknown) => {
    visit(v, pointer);
    if (!v || typeof v !== 'object') return;
    for (const key in v) {
      path.push(key);
      step((v as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  step(value);
}

interface Parsed extends JsonFile {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a document as parsed: its schema is what checks it
  data: any;
  /** Why a page's version cannot be read: it is then checked as written. */
  versionProblem?: string;
  /** A city page written as its facts: `data` is then the page its template makes of them. */
  made?: MadeCityPage;
}

/**
 * A page as the code reads it: one of an earlier shape is checked migrated, as the site serves it (its problems point
 * into the file where the shape is unchanged, and at the nearest member that exists where it is not).
 */
function inCurrentShape(file: JsonFile, data: unknown): Pick<Parsed, 'data' | 'versionProblem'> {
  if (file.kind !== 'page' || !data || typeof data !== 'object' || Array.isArray(data)) return { data };
  try {
    return { data: migratePage(data) };
  } catch (error) {
    if (error instanceof PageVersionError) return { data, versionProblem: error.message };
    throw error;
  }
}

/** The parsed document, or where and how its text stops being JSON. */
function parseJson(text: string): { data: unknown } | { offset: number; message: string } {
  try {
    return { data: JSON.parse(text) };
  } catch {
    // Only a broken file pays for the second parser, which tells where the text goes wrong.
    return jsonSyntaxProblem(text);
  }
}

/** The values a choice field offers (its oneOf's constants, or its enum), or undefined for a field that is not a choice. */
function optionsOf(field: unknown): unknown[] | undefined {
  const { oneOf, enum: values } = (field ?? {}) as { oneOf?: { const?: unknown }[]; enum?: unknown[] };
  return values ?? oneOf?.map((option) => option.const);
}

const missingImage = (path: string) =>
  path.startsWith('/images/uploads/')
    ? `image ${path} is not in public/ and no image was uploaded under that name`
    : `image ${path} is not in public/`;

export interface CheckOptions {
  /**
   * The site paths of images uploaded in the page editor (the server passes them; npm run validate has none, as
   * npm run pages:pull writes the ones published pages use into public/images/uploads).
   */
  uploadedImages?: ReadonlySet<string>;
  /** Keep the compiled schemas under node_modules/.cache for the next process: for the command-line tools only. */
  diskCache?: boolean;
  /**
   * Whether each language a page lists must have all its texts (true unless told). The page editor publishes a page
   * in English, and its other languages stay as the build made them, so an English edit waits for no translation.
   */
  languages?: boolean;
}

/** Checks page, site and form documents. */
/**
 * Whether a form's data schema compiles, remembered by its text: the editor checks a page (and the history each of
 * its revisions) against all the forms, whose schemas rarely change, and compiling them is most of a check's time.
 */
const formSchemaProblems = new Map<string, string | null>();
function formSchemaProblem(schema: unknown, compile: () => unknown): string | null {
  const key = JSON.stringify(schema);
  let problem = formSchemaProblems.get(key);
  if (problem === undefined) {
    try {
      compile();
      problem = null;
    } catch (e) {
      problem = (e as Error).message;
    }
    if (formSchemaProblems.size > 200) formSchemaProblems.clear(); // schemas being written: keep the newest only
    formSchemaProblems.set(key, problem);
  }
  return problem;
}

export function checkPages(
  files: JsonFile[],
  { uploadedImages = new Set(), diskCache = false, languages = true }: CheckOptions = {},
): Problem[] {
  const problems: Problem[] = [];
  const validators = documentValidatorsFor(diskCache);
  const formDataAjv = createFormDataAjv();
  // The syntax tree locates a problem's line; built only for a file that has one.
  const report = (f: JsonFile & Partial<Parsed>, pointer: string, message: string) => {
    const at = f.made ? inCityFacts(f.made, pointer, message) : { pointer, message };
    problems.push({ file: f.file, pointer: at.pointer || '/', ...locate(f.text, parseTree(f.text), at.pointer), message: at.message });
  };

  const reportAll = (f: JsonFile, findings: Finding[]) => findings.forEach((finding) => report(f, finding.pointer, finding.message));

  const parsed: Parsed[] = [];
  for (const f of files) {
    const result = parseJson(f.text);
    if ('offset' in result) {
      problems.push({ file: f.file, pointer: '/', ...lineColumn(f.text, result.offset), message: result.message });
      continue;
    }
    parsed.push({ ...f, ...inCurrentShape(f, result.data) });
  }

  for (const f of parsed) {
    const expected = f.kind === 'page' && isCityFacts(f.data) ? CITY_PAGE_SCHEMA : schemaFileOf[f.kind];
    const declared = f.data?.$schema;
    if (typeof declared !== 'string' || resolve(root, dirname(f.file), declared) !== join(schemasDir, expected)) {
      report(f, '/$schema', `"$schema" must be the relative path of schemas/${expected}`);
    }
    const validate = validators[expected];
    if (!validate) throw new Error(`no validator for schemas/${expected}`);
    if (f.versionProblem) report(f, '/version', f.versionProblem);
    if (!validate(f.data)) {
      for (const error of validate.errors ?? []) {
        const pointer = textPointerOf(f.data, schemaErrorPointer(error));
        if (!(f.versionProblem && pointer === '/version')) report(f, pointer, describe(error));
      }
    }
  }

  // A city page written as its facts is checked from here on as the page its template makes.
  const templates = new Map(
    parsed.filter((f) => f.kind === 'template').map((f) => [f.file.slice(`pages/${TEMPLATES_FOLDER}/`.length, -'.json'.length), f]),
  );
  for (const f of parsed) {
    if (f.kind === 'template') reportAll(f, templateProblems(f.data as CityTemplate));
    if (f.kind !== 'page' || !isCityFacts(f.data)) continue;
    const facts = f.data;
    const template = templates.get(facts.template);
    if (!template) {
      const names = [...templates.keys()];
      report(
        f,
        '/template',
        `no template "${facts.template}" in pages/${TEMPLATES_FOLDER}${didYouMean(facts.template, names)} The templates are: ${names.join(', ')}`,
      );
      continue;
    }
    const overrideProblems = cityOverrideProblems(facts, template.data as CityTemplate);
    reportAll(f, overrideProblems);
    if (overrideProblems.length || problems.some((p) => p.file === f.file || p.file === template.file)) continue;
    const { page, sections } = composeCityPage(facts, template.data as CityTemplate);
    Object.assign(f, { made: { facts, template: template.data as CityTemplate, sections }, data: page });
    const validate = validators[schemaFileOf.page];
    if (validate && !validate(page))
      for (const error of validate.errors ?? []) report(f, textPointerOf(page, schemaErrorPointer(error)), describe(error));
  }

  // Each language a page is published in: every text of the page and of the forms it shows has its words there, told
  // where it is written.
  const formFiles = new Map(parsed.filter((f) => f.kind === 'form').map((f) => [String(f.data.id), f]));
  const formAliasesOf = new Map(
    [...formFiles.values()].flatMap((f) => Object.keys(f.data.aliases ?? {}).map((alias) => [alias, String(f.data.id)] as const)),
  );
  const told = new Set<string>();
  for (const f of languages ? parsed : []) {
    if (f.kind !== 'page' || (isCityFacts(f.data) && !f.made)) continue;
    const locales = ((f.made ? f.made.facts.locales : f.data.locales) ?? []) as Locale[];
    if (!locales.length || problems.some((p) => p.file === f.file)) continue;
    const template = f.made ? templates.get(f.made.facts.template) : undefined;
    for (const locale of locales.filter((l) => l !== DEFAULT_LOCALE)) {
      const message = missingTextMessage(locale, String(f.data.route), f.file);
      for (const pointer of missingTexts(f.data, locale)) {
        const inTemplate = f.made && template ? templatePointer(f.made, pointer) : undefined;
        if (inTemplate && template) report(template, inTemplate, message);
        else report(f, pointer, message);
      }
      // The forms it shows, and those every page opens (the contact and franchise popups, a complaint, an event's
      // registration), each told once per language in its own file.
      const shown = [...formUsesOf(f.data).map((use) => use.form), ...siteWideForms, COMPLAINT_FORM];
      if (f.data.blocks?.some((block: { type?: string }) => block.type === 'events')) shown.push('event-registration');
      for (const formId of new Set(shown)) {
        const form = formFiles.get(formAliasesOf.get(formId) ?? formId);
        if (!form || told.has(`${form.file}\0${locale}`)) continue;
        told.add(`${form.file}\0${locale}`);
        const inForm = missingTextMessage(locale, String(f.data.route), f.file, { inForm: true });
        for (const pointer of missingFormTexts(form.data, locale)) report(form, pointer, inForm);
      }
      const siteFile = parsed.find((p) => p.kind === 'site');
      if (siteFile && !told.has(`${siteFile.file}\0${locale}`)) {
        told.add(`${siteFile.file}\0${locale}`);
        const inSite = missingTextMessage(locale, String(f.data.route), f.file, { onEveryPage: true });
        for (const pointer of missingSiteTexts(siteFile.data, locale)) report(siteFile, pointer, inSite);
      }
      const words = missingMessages(locale);
      if (words.length && !told.has(`catalogue\0${locale}`)) {
        told.add(`catalogue\0${locale}`);
        report(
          f,
          '/locales',
          `the site's own words have no ${LOCALE_FACTS[locale].english} for ${words.join(', ')}: add them to src/shared/i18n/messages/${locale}.json`,
        );
      }
    }
  }

  // A job's page in each language jobs are written in (/hi/job-openings/<id>) shows the application form in it.
  const applicationForm = formFiles.get(APPLICATION_FORM);
  if (languages && applicationForm)
    for (const locale of JOB_LOCALES) {
      const route = localizedRoute('/job-openings/<id>', locale);
      const inForm = missingTextMessage(locale, route, 'JOB_LOCALES of src/shared/job-locales.ts', { inForm: true });
      for (const pointer of missingFormTexts(applicationForm.data, locale)) report(applicationForm, pointer, inForm);
    }

  const site = parsed.find((f) => f.kind === 'site')?.data as SiteConfig | undefined;
  const values = site ? placeholderValues(site) : {};
  const forms = new Map(parsed.filter((f) => f.kind === 'form').map((f) => [f.data.id as string, f]));

  // A page may name a form by its id or by one of its aliases.
  const formsByName = new Map(forms);
  for (const form of forms.values()) {
    const expectedFile = `pages/forms/${form.data.id}.json`;
    if (form.file !== expectedFile) report(form, '/id', `form id "${form.data.id}" must match its file name`);
    for (const locale of localesIn(form.data)) {
      const inLanguage = formInLocale(form.data, locale);
      const compileProblem = formSchemaProblem(inLanguage.schema, () => formDataAjv.compile(inLanguage.schema));
      const language = locale === DEFAULT_LOCALE ? '' : ` in ${LOCALE_FACTS[locale].english}`;
      if (compileProblem) report(form, '/schema', `the data schema${language} does not compile: ${compileProblem}`);
    }
    for (const alias of Object.keys(form.data.aliases ?? {})) {
      const other = formsByName.get(alias);
      if (other) report(form, `/aliases/${alias}`, `"${alias}" already names ${other === form ? 'this form' : other.file}`);
      else formsByName.set(alias, form);
    }
  }

  for (const form of forms.values()) reportAll(form, formRoutingProblems(form.data));
  const routing = parsed.find((f) => f.kind === 'routing');
  if (routing) reportAll(routing, routingProblems(routing.data as LeadRouting, new Set(formsByName.keys())));

  // A route two files claim is reported in both, each naming the other: either may be the one to change.
  const pages = parsed.filter((f) => f.kind === 'page');
  const routeOf = (f: Parsed) => fillPlaceholders(String(f.data.route), values);
  for (const claimants of sharedKeys(pages, routeOf)) {
    for (const f of claimants) {
      const others = claimants.filter((other) => other !== f).map((other) => other.file);
      report(f, '/route', `route ${routeOf(f)} is also the route of ${others.join(' and ')}`);
    }
  }

  // A city's office and how to reach it are its own: one copied from another city page is reported in both.
  const cityPages = pages.flatMap((f) =>
    f.data.city && typeof f.data.city === 'object' ? [{ file: f.file, city: f.data.city as Record<string, unknown>, f }] : [],
  );
  for (const { page, finding } of copiedCityFacts(cityPages)) report(page.f, finding.pointer, finding.message);

  const siteKeys = Object.keys(values);
  const pageRoutes = new Set(pages.map(routeOf));
  for (const f of parsed) {
    if (f.kind === 'routing') {
      // The WhatsApp messages name the person and the sender; the clock's mails, how many leads.
      const inMessages = (finding: { pointer: string }) => finding.pointer.startsWith(`${MESSAGES_POINTER}/`);
      reportAll(
        f,
        unknownPlaceholders(f.data, [...siteKeys, ...CLOCK_PLACEHOLDERS], walk).filter((p) => !inMessages(p)),
      );
      reportAll(f, unknownPlaceholders(f.data, [...siteKeys, ...MESSAGE_PLACEHOLDERS], walk).filter(inMessages));
    } else {
      const known =
        f.kind === 'form' ? formPlaceholders(siteKeys, f.data) : f.kind === 'template' ? [...siteKeys, CITY_NAME_PLACEHOLDER] : siteKeys;
      reportAll(f, unknownPlaceholders(f.data, known, walk));
    }
    if (f.kind !== 'form') reportAll(f, deadLinks(f.data, pageRoutes, values, publicDir, walk));
  }

  for (const f of parsed) {
    if (f.kind !== 'page' && f.kind !== 'template') continue;
    const route = fillPlaceholders(String(f.data.route), values);
    if (f.kind === 'page') reportAll(f, cityMismatches(f.data, walk, f.data.blocks));
    // The build names a page's files after its route, and the site answers some addresses itself. (A route that is
    // not a string is the schema's to report.)
    if (f.kind === 'page' && typeof f.data.route === 'string') {
      if (pageFileOf(route, 'html') === undefined)
        report(f, '/route', `route ${route} is not a site path once its placeholders are filled`);
      else if (reservedRoute(route)) report(f, '/route', `route ${route} is reserved: the site answers that address itself`);
      else if (matchAppRoute(route)) report(f, '/route', `route ${route} is an app route (src/shared/app-routes.ts)`);
    }

    // One pass over the blocks: anchors, and the references to check once every anchor is known.
    const anchors = new Set<string>();
    const references: { o: Record<string, unknown>; pointer: string }[] = [];
    walk(f.data.blocks, '/blocks', (v, pointer) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return;
      const o = v as Record<string, unknown>;
      if ('type' in o && typeof o.id === 'string') {
        if (anchors.has(o.id)) report(f, `${pointer()}/id`, `anchor "${o.id}" is used twice on this page`);
        anchors.add(o.id);
      }
      if (typeof o.scrollTo === 'string' || typeof o.form === 'string') references.push({ o, pointer: pointer() });
    });
    for (const { o, pointer } of references) {
      if (typeof o.scrollTo === 'string' && !anchors.has(o.scrollTo)) {
        report(f, `${pointer}/scrollTo`, `no block on this page has the anchor "${o.scrollTo}"`);
      }
      if (typeof o.form === 'string') {
        const form = formsByName.get(o.form);
        if (!form) {
          report(f, `${pointer}/form`, `no form "${o.form}" in pages/forms`);
          continue;
        }
        const properties: Record<string, unknown> = form.data.schema?.properties ?? {};
        const fields = Object.keys(properties);
        for (const key of Object.keys((o.fixed as object) ?? {})) {
          if (!fields.includes(key)) report(f, `${pointer}/fixed/${key}`, `form "${o.form}" has no field "${key}"`);
        }
        for (const [i, key] of ((o.hidden as string[]) ?? []).entries()) {
          if (!fields.includes(key)) report(f, `${pointer}/hidden/${i}`, `form "${o.form}" has no field "${key}"`);
        }
        for (const [key, offered] of Object.entries((o.choices as Record<string, unknown>) ?? {})) {
          const options = optionsOf(properties[key]);
          if (!fields.includes(key)) report(f, `${pointer}/choices/${key}`, `form "${o.form}" has no field "${key}"`);
          else if (!options) report(f, `${pointer}/choices/${key}`, `field "${key}" of form "${o.form}" is not a choice`);
          else if (Array.isArray(offered))
            offered.forEach((value, i) => {
              if (!options.includes(value))
                report(
                  f,
                  `${pointer}/choices/${key}/${i}`,
                  `"${value}" is not an option of "${key}" in form "${o.form}"; its options are: ${options.join(', ')}`,
                );
            });
        }
      }
    }
  }

  // Pages share their images: each path is looked up on disk once.
  const images = new Map<string, boolean>();
  const imageExists = (path: string) => {
    let exists = images.get(path);
    if (exists === undefined) images.set(path, (exists = uploadedImages.has(path) || existsSync(join(publicDir, path))));
    return exists;
  };
  for (const f of parsed) {
    walk(f.data, '', (v, pointer) => {
      if (typeof v === 'string' && v.startsWith('/images/') && !imageExists(v)) report(f, pointer(), missingImage(v));
    });
  }
  return problems;
}
