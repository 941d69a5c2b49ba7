import type { JobTranslations } from '../../shared/api/jobs';
import { JOB_LOCALES, type JobLanguage } from '../../shared/job-locales';

/** The languages a job is written in, English first: each has its page (/hi/job-openings/<id>). */
export function jobLanguagesOf(translations: JobTranslations): JobLanguage[] {
  return ['en', ...JOB_LOCALES.filter((locale) => translations[locale])];
}

type Written = { title: string; description: string; translations: JobTranslations; lang: JobLanguage };

/** A job as a visitor reads it in a language: its title and description in it, or in English when it has none there. */
export function inJobLanguage<T extends Written>(job: T, lang: JobLanguage = 'en'): T {
  const words = lang === 'en' ? undefined : job.translations[lang];
  return words ? { ...job, title: words.title, description: words.description, lang } : job;
}
