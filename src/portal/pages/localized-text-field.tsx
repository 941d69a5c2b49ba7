import type { ReactElement } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { LOCALE_FACTS, LOCALES, type Locale } from '../../shared/locales';
import { isLocalizedText, type LocalizedText } from '../../shared/localized-text';

/** A text as its languages' words: a plain string is the English alone. */
const wordsOf = (value: unknown): LocalizedText =>
  isLocalizedText(value) ? value : { en: typeof value === 'string' ? value : '' };

/** Back to the document's shape: a plain string while only English has words. */
function written(words: LocalizedText): string | LocalizedText {
  const others = LOCALES.filter((l) => l !== 'en' && words[l] !== undefined);
  return others.length ? words : words.en;
}

/**
 * A text in English, with its words in each other language it has beside it, each box marked with its language so it
 * shows in the right script and a screen reader speaks it right. Emptying a language's box takes that language out.
 */
export function LocalizedTextWidget({ props, Text }: { props: WidgetProps; Text: (props: WidgetProps) => ReactElement }) {
  const words = wordsOf(props.value);
  const others = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en' && words[l] !== undefined);
  const change = (locale: Locale, value: string | undefined) => {
    const next: LocalizedText = { ...words, [locale]: value ?? '' };
    if (locale !== 'en' && !value) delete next[locale];
    props.onChange(written(next));
  };
  return (
    <>
      <Text {...props} value={words.en} onChange={(value: string | undefined) => change('en', value)} />
      {others.map((locale) => {
        const id = `${props.id}-${locale}`;
        return (
          <div className="page-field-translation" key={locale}>
            <label htmlFor={id}>In {LOCALE_FACTS[locale].english}</label>
            <input
              id={id}
              className="form-control"
              lang={LOCALE_FACTS[locale].tag}
              value={words[locale] ?? ''}
              onChange={(event) => change(locale, event.target.value)}
            />
          </div>
        );
      })}
    </>
  );
}
