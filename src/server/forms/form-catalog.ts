import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorType } from '@rjsf/utils';
import { LRUCache } from 'lru-cache';
import type { FormDefinition } from '../../shared/generated/form-definition';
import type { FormUse, PageDocument } from '../../shared/generated/page-document';
import type { SiteConfig } from '../../shared/generated/site-config';
import { fillPlaceholders, formPlaceholderValues, placeholderValues } from '../../shared/placeholders';
import { validatorName } from '../../shared/form-validators';
import { inLocale, localesIn } from '../../shared/localized-text';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import { formUsesOf, siteWideForms, upcomingEventsOf } from '../../shared/form-uses';
import { pageFileOf } from '../../shared/page-files';
import { pagesDir, sourceDirOf, type PagesFrom } from '../site/pages-on-disk';
import { sourcePages } from '../site/source-pages';

export interface CatalogForm {
  definition: FormDefinition;
  validator: ValidatorType;
  /** For an alias (a form's `aliases`), the id of the form it answers with; its definition bears the alias's id and title. */
  aliasOf?: string;
}

/** What a submission needs of the page it was sent from. */
export interface PageForms {
  /** The name of the city a city page is about. */
  city: string | null;
  /** The forms it shows, with the values it fixes and the fields it hides. */
  uses: FormUse[];
  /** Its events blocks: which events a visitor can still register for depends on the day. */
  eventBlocks: PageDocument['blocks'];
}

export interface FormCatalog {
  /**
   * Every form by its id, and by each of its aliases, in English: a stored record's form id finds its definition either
   * way, and staff read it so.
   */
  forms: Map<string, CatalogForm>;
  /** A form as a page in a language shows it (its words, its messages, its validator); English where it has none. */
  formIn(formId: string, locale: Locale): CatalogForm | undefined;
  /** The forms of the page at a route; undefined when no page has it. */
  page(route: string): Promise<PageForms | undefined>;
}

export function formsOf(page: PageDocument): PageForms {
  return { city: page.city?.name ?? null, uses: formUsesOf(page), eventBlocks: page.blocks.filter((b) => b.type === 'events') };
}

/** Titles of the events a visitor can register for on the page now. */
export function upcomingEventsOn(page: PageForms): string[] {
  return upcomingEventsOf({ blocks: page.eventBlocks });
}

/** How a page uses a form: the fixed values and hidden fields its config gives, or undefined if it does not. */
export function formUseOn(page: PageForms | undefined, formId: string): FormUse | undefined {
  if (!page) return undefined;
  const use = page.uses.find((u) => u.form === formId);
  if (use) return use;
  if ((siteWideForms as readonly string[]).includes(formId)) return { form: formId };
  if (formId === 'event-registration' && upcomingEventsOn(page).length) return { form: formId };
  return undefined;
}

/** A page's forms from the build's dist/page-data, found by its route's file name; recent pages stay in memory. */
function builtPageForms(distDir: string): FormCatalog['page'] {
  const cache = new LRUCache<string, PageForms>({
    max: 2000,
    async fetchMethod(route) {
      const file = pageFileOf(route, 'json');
      if (file === undefined) return undefined;
      try {
        return formsOf(JSON.parse(await readFile(join(distDir, 'page-data', file), 'utf8')) as PageDocument);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  });
  return (route) => cache.fetch(route);
}

/**
 * A page's forms read from pages/ at each submission, so an edit applies at once (npm run dev, API tests): in the
 * language its route names, if the page is published in it.
 */
function sourcePageForms(dir: string): FormCatalog['page'] {
  const pages = sourcePages(dir);
  return async (path) => {
    const page = pages.pageAt(path);
    return page && formsOf(page);
  };
}

/**
 * The forms of pages/, read once at start, with the validators compiled at build time: the server checks a
 * submission with the very schema, messages and code the browser used. Pages are read when a submission names
 * one, so start and memory do not grow with their number.
 */
export async function loadFormCatalog(site: SiteConfig, from: PagesFrom = { files: pagesDir }): Promise<FormCatalog> {
  // Only forms/: the pages themselves are not listed, however many there are.
  const dir = sourceDirOf(from);
  const read = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as unknown;
  const values = placeholderValues(site);

  /** Each form by its id and its aliases', per language it is written in: English's are `forms`. */
  const byLocale = new Map<Locale, Map<string, CatalogForm>>();
  const formFiles = (await readdir(join(dir, 'forms'))).filter((name) => name.endsWith('.json')).sort();
  for (const name of formFiles) {
    const raw = (await read(join(dir, 'forms', name))) as FormDefinition;
    for (const locale of localesIn(raw)) {
      // The schema the validator was compiled from (npm run generate), messages in this language: the browser's.
      const { default: functions, schema } = await import(`../../shared/generated/validators/${validatorName(raw.id, locale)}.ts`);
      const inLanguage = inLocale(raw, locale);
      // The schema's placeholders stay as written: the compiled validator is keyed by the schema it was compiled from.
      const definition = { ...fillPlaceholders(inLanguage, formPlaceholderValues(values, inLanguage)), schema };
      const validator = createPrecompiledValidator(functions, schema);
      let forms = byLocale.get(locale);
      if (!forms) byLocale.set(locale, (forms = new Map()));
      forms.set(raw.id, { definition, validator });
      // A page that names an alias files its records under the alias's id and title, as before the forms were one.
      for (const [alias, title] of Object.entries(raw.aliases ?? {}))
        forms.set(alias, { definition: { ...definition, id: alias, title }, validator, aliasOf: raw.id });
    }
  }

  const forms = byLocale.get(DEFAULT_LOCALE) ?? new Map<string, CatalogForm>();
  const page = 'build' in from ? builtPageForms(from.build) : sourcePageForms(from.files);
  const formIn = (formId: string, locale: Locale) => byLocale.get(locale)?.get(formId) ?? forms.get(formId);
  return { forms, formIn, page };
}
