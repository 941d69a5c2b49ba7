import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { LOCALE_FACTS, type Locale } from '../../shared/locales.ts';
import { schemasDir } from '../site/pages-on-disk.ts';

/**
 * Words with no letter outside a {placeholder}: figures ("500+", "95%") and the like read the same in every language,
 * so they need no translation.
 */
const NO_WORDS = '^(?:[^\\p{L}{]|\\{\\w+\\})*$';

const schemaId = (file: string) => `https://texts.hireframe.invalid/${file}`;
const validators = new Map<Locale, ValidateFunction>();

/**
 * The page schema as a language reads it: a text counts only when it has its words in that language (or is only
 * figures). The page's own schemas decide what is a text, through every block type, list and choice, so nothing here
 * knows where texts are.
 */
function validatorFor(locale: Locale): ValidateFunction {
  const known = validators.get(locale);
  if (known) return known;
  const ajv = new Ajv({ allErrors: true, strict: false, discriminator: true, allowUnionTypes: true, validateFormats: false });
  const text = {
    anyOf: [
      { type: 'string', pattern: NO_WORDS },
      { type: 'object', required: [locale] },
    ],
  };
  const files = [
    'common.json',
    'page.json',
    ...readdirSync(join(schemasDir, 'blocks'))
      .sort()
      .map((f) => `blocks/${f}`),
  ];
  for (const file of files) {
    const { $schema: _ignored, ...schema } = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Record<string, unknown>;
    if (file === 'common.json') schema.definitions = { ...(schema.definitions as object), text, optionalText: text };
    ajv.addSchema(schema, schemaId(file));
  }
  const validate = ajv.getSchema(schemaId('page.json'));
  if (!validate) throw new Error('schemas/page.json did not compile');
  validators.set(locale, validate);
  return validate;
}

/** The JSON pointers of a valid page's texts that have no words in a language, in the page's order. */
export function missingTexts(page: unknown, locale: Locale): string[] {
  const validate = validatorFor(locale);
  if (validate(page)) return [];
  const pointers = (validate.errors ?? []).filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath);
  return [...new Set(pointers)];
}

/** What a missing text is told as: the language by name and code, and how to write it. */
export function missingTextMessage(locale: Locale, route: string, declaredIn: string): string {
  const language = `${LOCALE_FACTS[locale].english} (${locale})`;
  return `has no ${language} words, and ${route} is published in ${LOCALE_FACTS[locale].english} ("locales" in ${declaredIn}): write it as {"en": "…", "${locale}": "…"}`;
}
