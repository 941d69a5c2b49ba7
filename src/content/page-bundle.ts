import type { ValidatorType } from '@rjsf/utils';
import type { PageDocument } from '../shared/generated/page-document';
import type { FormDefinition } from '../shared/generated/form-definition';
import { loadForm, loadValidatorFunctions } from './form-registry';
import { preload, useResource } from './resource-cache';
import { formUsesOf } from '../shared/form-uses';

export interface LoadedForm {
  definition: FormDefinition;
  validator: ValidatorType;
}

async function loadFormWithValidator(formId: string): Promise<LoadedForm> {
  const [definition, functions, { default: createPrecompiledValidator }] = await Promise.all([
    loadForm(formId),
    loadValidatorFunctions(formId),
    import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'),
  ]);
  return { definition, validator: createPrecompiledValidator(functions as never, definition.schema) };
}

/** Forms a page renders inline. */
export function formsUsedBy(page: PageDocument): string[] {
  return [...new Set(formUsesOf(page).map((use) => use.form))];
}

const formKey = (id: string) => `form:${id}`;

/** Loads a form's definition and validator, so it renders without suspending. */
export function preloadForm(formId: string) {
  return preload(formKey(formId), () => loadFormWithValidator(formId));
}

export function useLoadedForm(formId: string): LoadedForm {
  return useResource(formKey(formId), () => loadFormWithValidator(formId));
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
