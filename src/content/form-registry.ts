import type { FormDefinition } from '../shared/generated/form-definition';
import { formAliases } from '../shared/generated/form-aliases';
import { validatorName } from '../shared/form-validators';
import { inLocale } from '../shared/localized-text';
import type { Locale } from '../shared/locales';
import { fillForm } from './site';

// Forms are few and do not grow with the pages: each definition and its validator is a chunk loaded on demand, one
// validator per language a form is written in (npm run generate), each with the schema it was compiled from.
const formLoaders = import.meta.glob<FormDefinition>('/pages/forms/*.json', { import: 'default' });
const validatorLoaders = import.meta.glob<Record<string, unknown>>('/src/shared/generated/validators/*.ts', { import: 'default' });
const schemaLoaders = import.meta.glob<FormDefinition['schema']>('/src/shared/generated/validators/*.ts', { import: 'schema' });

/** The form whose files an id loads: its own, or for an alias the form it answers with. */
const fileOf = (formId: string) => formAliases[formId]?.form ?? formId;

/** A form's compiled files in a language, or its English ones where it is not written in that language. */
function compiled<T>(loaders: Record<string, () => Promise<T>>, formId: string, locale: Locale) {
  const path = (name: string) => `/src/shared/generated/validators/${name}.ts`;
  const load = loaders[path(validatorName(fileOf(formId), locale))] ?? loaders[path(fileOf(formId))];
  if (!load) throw new Error(`No compiled validator for form "${formId}": run npm run generate`);
  return load();
}

/** A form as a page in a language shows it: its words in that language, with the schema its validator checks. */
export async function loadForm(formId: string, locale: Locale): Promise<FormDefinition> {
  const load = formLoaders[`/pages/forms/${fileOf(formId)}.json`];
  if (!load) throw new Error(`No form "${formId}" in pages/forms`);
  const [form, schema] = await Promise.all([load(), compiled(schemaLoaders, formId, locale)]);
  const alias = formAliases[formId];
  // An alias files its records under its own id and title.
  return { ...fillForm(inLocale(form, locale)), ...(alias ? { id: formId, title: alias.title } : {}), schema };
}

export function loadValidatorFunctions(formId: string, locale: Locale): Promise<Record<string, unknown>> {
  return compiled(validatorLoaders, formId, locale);
}
