import { fillWord } from '../../ui/page-words';
import { usePageLocale } from '../../ui/site-navigation';
import { LOCALE_FACTS, localizedRoute } from '../../shared/locales';
import { jobLanguageOf, type JobLanguage } from '../../shared/job-locales';
import { localeModule, type PageWords } from '../../shared/page-locales';

/** A word of the job openings' pages (src/shared/i18n/messages, page.jobs.*), by its name after "jobs.". */
export type JobWord = keyof PageWords extends infer Key ? (Key extends `jobs.${infer Name}` ? Name : never) : never;

/** What the public job pages say, in one language, with its placeholders filled. */
export interface JobWords {
  locale: JobLanguage;
  /** The language's tag, for numbers and dates (hi-IN). */
  tag: string;
  say: (word: JobWord, values?: Record<string, string | number>) => string;
  /** A job page's address in this language: /job-openings/<id> is /hi/job-openings/<id> in Hindi. */
  path: (route: string) => string;
}

export function jobWordsIn(locale: JobLanguage): JobWords {
  // Read from the language's own words: a page in another language (Gujarati) shows the openings in English.
  const { words } = localeModule(locale);
  return {
    locale,
    tag: LOCALE_FACTS[locale].tag,
    say: (word, values) => fillWord(words[`jobs.${word}`], values),
    path: (route) => localizedRoute(route, locale),
  };
}

/** The job openings' words in the language of the page shown: English, or Hindi at /hi/job-openings. */
export function useJobWords(): JobWords {
  return jobWordsIn(jobLanguageOf(usePageLocale()));
}
