import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorType } from '@rjsf/utils';
import type { FormDefinition } from '../../shared/generated/form-definition';
import type { FormUse, PageDocument } from '../../shared/generated/page-document';
import type { SiteConfig } from '../../shared/generated/site-config';
import { fillPlaceholders, placeholderValues } from '../../shared/placeholders';
import { formUsesOf, siteWideForms, upcomingEventsOf } from '../../shared/form-uses';
import { readPageFiles } from '../site/pages-on-disk';

export interface CatalogForm {
  definition: FormDefinition;
  validator: ValidatorType;
}

export interface FormCatalog {
  site: SiteConfig;
  forms: Map<string, CatalogForm>;
  /** Route to its page, placeholders filled. */
  pages: Map<string, PageDocument>;
  /** How a page uses a form: the fixed values and hidden fields its config gives, or undefined if it does not. */
  useOn(route: string, formId: string): FormUse | undefined;
}

/**
 * The forms and pages of pages/, read once at start, with the validators compiled at build time: the server checks
 * a submission with the very schema, messages and code the browser used.
 */
export async function loadFormCatalog(pagesDir?: string): Promise<FormCatalog> {
  const files = readPageFiles(pagesDir).map((f) => ({ ...f, data: JSON.parse(f.text) }));
  const siteFile = files.find((f) => f.kind === 'site');
  if (!siteFile) throw new Error('pages/site.json is missing');
  const rawSite = siteFile.data as SiteConfig;
  const values = placeholderValues(rawSite);
  const site = fillPlaceholders(rawSite, values);

  const forms = new Map<string, CatalogForm>();
  for (const f of files.filter((f) => f.kind === 'form')) {
    const raw = f.data as FormDefinition;
    // The schema stays as written: the compiled validator is keyed by it.
    const definition = { ...fillPlaceholders(raw, values), schema: raw.schema };
    const { default: functions } = await import(`../../shared/generated/validators/${raw.id}.ts`);
    forms.set(raw.id, { definition, validator: createPrecompiledValidator(functions, raw.schema) });
  }

  const pages = new Map<string, PageDocument>();
  for (const f of files.filter((f) => f.kind === 'page')) {
    const page = fillPlaceholders(f.data as PageDocument, values);
    pages.set(page.route, page);
  }

  return {
    site,
    forms,
    pages,
    useOn(route, formId) {
      const page = pages.get(route);
      if (!page) return undefined;
      const use = formUsesOf(page).find((u) => u.form === formId);
      if (use) return use;
      if ((siteWideForms as readonly string[]).includes(formId)) return { form: formId };
      if (formId === 'event-registration' && upcomingEventsOf(page).length) return { form: formId };
      return undefined;
    },
  };
}
