import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { LOCALE_FACTS, type Locale } from '../../shared/locales.ts';
import { isLocalizedText } from '../../shared/localized-text.ts';
import { pointerSegment } from '../../shared/json-pointer.ts';
import { schemasDir } from '../site/pages-on-disk.ts';

/**
 * Words with no letter outside a {placeholder}: figures ("500+", "95%") and the like read the same in every language,
 * so they need no translation.
 */
const NO_WORDS = '^(?:[^\\p{L}{]|\\{\\w+\\})*$';

type DocumentSchema = 'page.json' | 'form.json' | 'site.json';
const schemaId = (file: string) => `https://texts.hireframe.invalid/${file}`;
const validators = new Map<string, ValidateFunction>();

/**
 * A document's schema (page.json, form.json) as a language reads it: a text counts only when it has its words in that
 * language (or is only figures). The schemas decide what is a text, through every block type, list and choice, so
 * nothing here knows where texts are.
 */
function validatorFor(file: DocumentSchema, locale: Locale): ValidateFunction {
  const known = validators.get(`${file}\0${locale}`);
  if (known) return known;
  const ajv = new Ajv({ allErrors: true, strict: false, discriminator: true, allowUnionTypes: true, validateFormats: false });
  const text = {
    anyOf: [
      { type: 'string', pattern: NO_WORDS },
      { type: 'object', required: [locale] },
    ],
  };
  const blocks =
    file === 'page.json'
      ? readdirSync(join(schemasDir, 'blocks'))
          .sort()
          .map((f) => `blocks/${f}`)
      : [];
  for (const name of ['common.json', file, ...blocks]) {
    const { $schema: _ignored, ...schema } = JSON.parse(readFileSync(join(schemasDir, name), 'utf8')) as Record<string, unknown>;
    if (name === 'common.json') schema.definitions = { ...(schema.definitions as object), text, optionalText: text };
    ajv.addSchema(schema, schemaId(name));
  }
  const validate = ajv.getSchema(schemaId(file));
  if (!validate) throw new Error(`schemas/${file} did not compile`);
  validators.set(`${file}\0${locale}`, validate);
  return validate;
}

function missingIn(file: DocumentSchema, document: unknown, locale: Locale): string[] {
  const validate = validatorFor(file, locale);
  if (validate(document)) return [];
  return [...new Set((validate.errors ?? []).filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath))];
}

/** The JSON pointers of a valid page's texts that have no words in a language, in the page's order. */
export const missingTexts = (page: unknown, locale: Locale) => missingIn('page.json', page, locale);

/** The same of pages/site.json: the navigation, footer and taglines every page shows. */
export const missingSiteTexts = (site: unknown, locale: Locale) => missingIn('site.json', site, locale);

/** The keywords of a form's data schema that hold words a visitor reads: field names, help and messages. */
const SCHEMA_WORDS = new Set(['title', 'description', 'errorMessage']);
/** The keywords of a data schema that hold schemas: their words are read too. */
const SUBSCHEMAS = new Set(['items', 'oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'not', 'additionalProperties']);
/** The layout's words: a field's placeholder, help and title; and a widget's own label and help (a file upload's). */
const UI_WORDS = new Set(['ui:placeholder', 'ui:help', 'ui:title', 'ui:description']);
const WIDGET_WORDS = new Set(['label', 'help']);

interface FormTexts {
  schema?: unknown;
  ui?: unknown;
  submit?: { targets?: { type?: string }[] };
}

/**
 * The pointers of a valid form's texts a visitor reads that have no words in a language: its own (title, consent,
 * toasts, the visitor's mail) and those of its fields. Staff mail is in English, so it needs none.
 */
export function missingFormTexts(form: FormTexts, locale: Locale): string[] {
  const targets = form.submit?.targets ?? [];
  const toStaff = (pointer: string) => {
    const index = /^\/submit\/targets\/(\d+)\//.exec(pointer)?.[1];
    return index !== undefined && !['ack', 'confirm'].includes(targets[Number(index)]?.type ?? '');
  };
  const noWords = new RegExp(NO_WORDS, 'u');
  const words = (value: unknown, pointer: string): string[] => {
    if (typeof value === 'string') return noWords.test(value) ? [] : [pointer];
    if (isLocalizedText(value)) return value[locale] === undefined ? [pointer] : [];
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, v]) => words(v, pointer + pointerSegment(key)));
  };
  // In a schema, the members of `properties` are fields (one may be called "description"), the rest keywords.
  const schemaWords = (schema: unknown, pointer: string): string[] => {
    if (Array.isArray(schema)) return schema.flatMap((item, i) => schemaWords(item, `${pointer}/${i}`));
    if (!schema || typeof schema !== 'object') return [];
    return Object.entries(schema).flatMap(([key, v]) => {
      const at = pointer + pointerSegment(key);
      if (SCHEMA_WORDS.has(key)) return words(v, at);
      if (key === 'properties' || key === 'definitions')
        return Object.entries(v ?? {}).flatMap(([name, field]) => schemaWords(field, at + pointerSegment(name)));
      return SUBSCHEMAS.has(key) ? schemaWords(v, at) : [];
    });
  };
  const uiWords = (ui: unknown, pointer: string): string[] => {
    if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return [];
    return Object.entries(ui).flatMap(([key, v]) => {
      const at = pointer + pointerSegment(key);
      if (UI_WORDS.has(key)) return words(v, at);
      if (key === 'ui:options' && v && typeof v === 'object')
        return Object.entries(v).flatMap(([option, x]) => (WIDGET_WORDS.has(option) ? words(x, at + pointerSegment(option)) : []));
      return key.startsWith('ui:') ? [] : uiWords(v, at);
    });
  };
  const own = missingIn('form.json', form, locale).filter((pointer) => !toStaff(pointer) && !/^\/(schema|ui)\//.test(pointer));
  return [...own, ...schemaWords(form.schema, '/schema'), ...uiWords(form.ui, '/ui')];
}

/** What a missing text is told as: the language by name and code, the page that needs it, and how to write it. */
export function missingTextMessage(
  locale: Locale,
  route: string,
  declaredIn: string,
  { inForm = false, onEveryPage = false } = {},
): string {
  const { english } = LOCALE_FACTS[locale];
  const page = inForm ? `${route}, which shows this form,` : onEveryPage ? `${route}, which shows it,` : route;
  return (
    `has no ${english} (${locale}) words, and ${page} is published in ${english} ("locales" in ${declaredIn}): ` +
    `write it as {"en": "…", "${locale}": "…"}`
  );
}
