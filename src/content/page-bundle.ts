import type { ValidatorType } from '@rjsf/utils';
import type { PageDocument } from '../shared/generated/page-document';
import type { FormDefinition } from '../shared/generated/form-definition';
import { loadForm, loadPageDocument, loadValidatorFunctions } from './page-registry';
import { preload, useResource } from './resource-cache';
import { formUsesOf } from './form-uses';

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
const pageKey = (route: string) => `page:${route}`;

function preloadForm(formId: string) {
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

export const importFormView = () => import('../forms/form-view');

async function loadPageWithForms(route: string): Promise<PageDocument> {
  const page = await loadPageDocument(route);
  if (!page) throw new Error(`No page for ${route}`);
  const forms = formsUsedBy(page);
  await Promise.all([...forms.map(preloadForm), forms.length ? preloadModule('form-view', importFormView) : null]);
  return page;
}

/** Loads a page and the forms it shows, so it renders in one pass on the server and hydrates without waiting. */
export function preloadPage(route: string) {
  return preload(pageKey(route), () => loadPageWithForms(route));
}

export function usePage(route: string): PageDocument {
  return useResource(pageKey(route), () => loadPageWithForms(route));
}
