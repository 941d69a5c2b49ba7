import { createContext, useContext, type ReactElement } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { LOCALE_FACTS, LOCALES, type Locale } from '../../shared/locales';
import { isLocalizedText, textsIn, type LocalizedText } from '../../shared/localized-text';
import { LOCALIZED_TEXT_MARK } from '../../shared/schema-words';

/** The languages the page being edited lists besides English: each text offers a box for each. */
export const PageLocalesContext = createContext<readonly Locale[]>([]);

/** Each translation of the page as it was opened, by its language and words, with the English it was written for. */
export type OpenedTranslations = ReadonlyMap<string, ReadonlySet<string>>;

const translationKey = (locale: Locale, words: string) => `${locale}\0${words}`;

/** The translations of a document, each with the English texts it stands under (the same words may serve two). */
export function openedTranslations(document: unknown): OpenedTranslations {
  const found = new Map<string, Set<string>>();
  for (const text of textsIn(document))
    for (const locale of LOCALES)
      if (locale !== 'en' && text[locale] !== undefined) {
        const key = translationKey(locale, text[locale]);
        found.set(key, (found.get(key) ?? new Set()).add(text.en));
      }
  return found;
}

/**
 * The page's translations as it was opened: a language's words still as they were, under an English they were not
 * written for, are marked. Compared by words, not by place, so moving a section moves nothing wrongly marked.
 */
export const OpenedWordsContext = createContext<OpenedTranslations>(new Map());

/**
 * Whether a text field is one of words per language: the page lists other languages, or the text has words in some
 * (a layout's, for the cities that are in them), which an English edit keeps.
 */
export function useTranslatable(value: unknown): boolean {
  return useContext(PageLocalesContext).length > 0 || isLocalizedText(value);
}

/** A text as its languages' words: a plain string is the English alone. */
const wordsOf = (value: unknown): LocalizedText =>
  isLocalizedText(value) ? value : { en: typeof value === 'string' ? value : '' };

/** Back to the document's shape: a plain string while only English has words. */
function written(words: LocalizedText): string | LocalizedText {
  const others = LOCALES.filter((l) => l !== 'en' && words[l] !== undefined);
  return others.length ? words : words.en;
}

/**
 * A text in English, with its words in each other language the page lists under it, each box marked with its
 * language so it shows in the right script and a screen reader speaks it right. Emptying a language's box takes that
 * language out.
 */
export function LocalizedTextWidget({ props, Text }: { props: WidgetProps; Text: (props: WidgetProps) => ReactElement }) {
  const words = wordsOf(props.value);
  const opened = useContext(OpenedWordsContext);
  const outdated = (locale: Locale) => {
    const translation = words[locale];
    const writtenFor = translation === undefined ? undefined : opened.get(translationKey(locale, translation));
    return !!writtenFor && !writtenFor.has(words.en);
  };
  const listed = useContext(PageLocalesContext);
  // The page's languages only: words in another (a layout's, for the cities in that language) stay as they are.
  const others = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en' && listed.includes(l));
  const change = (locale: Locale, value: string | undefined) => {
    const next: LocalizedText = { ...words, [locale]: value ?? '' };
    if (locale !== 'en' && !value) delete next[locale];
    props.onChange(written(next));
  };
  return (
    <>
      {/* The English box is the plain text field: unmarked, so it does not offer the languages again. */}
      <Text
        {...props}
        schema={{ ...props.schema, [LOCALIZED_TEXT_MARK]: false }}
        value={words.en}
        onChange={(value: string | undefined) => change('en', value)}
      />
      {others.map((locale) => {
        const id = `${props.id}-${locale}`;
        const { english, tag } = LOCALE_FACTS[locale];
        const stale = outdated(locale);
        return (
          <div className={`page-field-translation${stale ? ' is-outdated' : ''}`} key={locale}>
            <label htmlFor={id}>In {english}</label>
            <input
              id={id}
              className="form-control"
              lang={tag}
              value={words[locale] ?? ''}
              placeholder={words[locale] === undefined ? `No ${english} words yet` : undefined}
              aria-describedby={stale ? `${id}-outdated` : undefined}
              onChange={(event) => change(locale, event.target.value)}
            />
            {stale ? (
              <small className="field-help" id={`${id}-outdated`}>
                The English changed since these words were written: check they still say the same.
              </small>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
