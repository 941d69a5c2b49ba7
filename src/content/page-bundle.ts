import type { ValidatorType } from '@rjsf/utils';
import type { PageDocument } from '../shared/generated/page-document';
import type { FormDefinition } from '../shared/generated/form-definition';
import { loadForm, loadValidatorFunctions } from './form-registry';
import { preload, useResource } from './resource-cache';
import { formUsesOf } from '../shared/form-uses';
import type { Locale } from '../shared/locales';

export interface LoadedForm {
  definition: FormDefinition;
  validator: ValidatorType;
}

async function loadFormWithValidator(formId: string, locale: Locale): Promise<LoadedForm> {
  const [definition, functions, { default: createPrecompiledValidator }] = await Promise.all([
    loadForm(formId, locale),
    loadValidatorFunctions(formId, locale),
    import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'),
  ]);
  return { definition, validator: createPrecompiledValidator(functions as never, definition.schema) };
}

/** Forms a page renders inline. */
export function formsUsedBy(page: PageDocument): string[] {
  return [...new Set(formUsesOf(page).map((use) => use.form))];
}

const formKey = (id: string, locale: Locale) => `form:${id}:${locale}`;

/** Loads a form's definition and validator in a language, so it renders without suspending. */
export function preloadForm(formId: string, locale: Locale) {
  return preload(formKey(formId, locale), () => loadFormWithValidator(formId, locale));
}

export function useLoadedForm(formId: string, locale: Locale): LoadedForm {
  return useResource(formKey(formId, locale), () => loadFormWithValidator(formId, locale));
}

/**
 * A module loaded on demand but rendered without suspending once loaded: forms (rjsf and its helpers) stay out
 * of the main bundle, yet a prerendered page that shows a form hydrates with the form in place.
 */
export function preloadModule<T>(name: string, load: () => Promise<T>) {
  return preload(`module:${name}`, load);
}

/** Reads a module preloaded with preloadModule under the same name, suspending while it arrives. */
export function useModule<T>(name: string, load: () => Promise<T>): T {
  return useResource(`module:${name}`, load);
}
