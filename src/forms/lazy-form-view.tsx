import type { ComponentProps } from 'react';
import { preloadModule, useModule } from '../content/page-bundle';
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
