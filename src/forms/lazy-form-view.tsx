import type { ComponentProps } from 'react';
import { preloadForm, preloadModule, useModule } from '../content/page-bundle';
import { Island } from '../ui/island';
import { documentLocale } from '../ui/site-navigation';
import type { FormView as FormViewImpl } from './form-view';

const importFormView = () => import('./form-view');

/** Starts loading the form renderer (rjsf and its helpers), kept out of the main bundle. */
export const preloadFormView = () => preloadModule('form-view', importFormView);

/**
 * The form renderer, loaded with the first page or popup that shows a form. Pages preload it with their content,
 * so a prerendered form hydrates in place; a popup shows its loading state while it arrives.
 */
export function FormView(props: ComponentProps<typeof FormViewImpl>) {
  const { FormView: Impl } = useModule('form-view', importFormView);
  return <Impl {...props} />;
}

/**
 * Loads what a form of a page renders with (renderer, definition, validator) in the page's language, so its island
 * hydrates in place; a server render names the language, which has no document to read it from.
 */
export function prepareFormView({ use }: Pick<ComponentProps<typeof FormViewImpl>, 'use'>, locale = documentLocale()) {
  return Promise.all([preloadFormView(), preloadForm(use.form, locale)]);
}

/**
 * A form on a page: on a public page an island whose code (rjsf, validators, captcha) loads when the form is touched,
 * or near the viewport once the visitor has done something on the page; its prerendered markup takes what is typed
 * meanwhile.
 */
export function PageForm({ use }: Pick<ComponentProps<typeof FormViewImpl>, 'use'>) {
  return <Island name="form" component={FormView} props={{ use }} when="visible" waitForVisitor />;
}
