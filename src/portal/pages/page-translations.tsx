import type { EditorSchemas, PageTranslation } from '../../shared/api/page-editor';
import { placeInWords, type SectionsOf } from '../../shared/change-place';
import { isLocale, LOCALE_FACTS } from '../../shared/locales';

interface PageTranslationsProps {
  translations: PageTranslation[];
  document: unknown;
  schemas: EditorSchemas;
  template?: SectionsOf;
}

/**
 * The languages the page lists besides English, each with the texts that have no words in it yet, named as the
 * sections and fields name them: the boxes under each English text take them. What the layout writes is translated
 * in the layout's file, so it is only counted.
 */
export function PageTranslations({ translations, document, schemas, template }: PageTranslationsProps) {
  if (!translations.length) return null;
  return (
    <section className="page-translations" aria-labelledby="page-translations-title">
      <h2 id="page-translations-title">Languages</h2>
      <ul>
        {translations.map(({ locale, missing, inLayout, read }) => {
          const language = isLocale(locale) ? LOCALE_FACTS[locale].english : locale;
          const count = missing.length + inLayout;
          const waits = read
            ? `The ${language} page stays as it was last published until they are written.`
            : `The page is not published in ${language} until they are written.`;
          return (
            <li key={locale}>
              <strong>{language}</strong>:{' '}
              {count
                ? `${count} text${count === 1 ? '' : 's'} with no ${language} words yet. ${waits}`
                : `every text has its ${language} words: publishing publishes the ${language} page too.`}
              {missing.length ? (
                <ul>
                  {missing.map((pointer) => (
                    <li key={pointer}>{placeInWords(pointer, document, schemas, template)}</li>
                  ))}
                </ul>
              ) : null}
              {inLayout ? <p>{`${inLayout} of them in the layout, which is translated in its own file.`}</p> : null}
            </li>
          );
        })}
      </ul>
      <p className="field-help">
        Publishing publishes the English page, and the page in each language whose texts all have their words. A language
        still missing words keeps the page visitors read in it now.
      </p>
    </section>
  );
}
