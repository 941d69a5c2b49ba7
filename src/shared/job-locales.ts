import type { Locale } from './locales.ts';

/** pages/forms/job-application.json: the form a job's page shows, in each language the page is in. */
export const APPLICATION_FORM = 'job-application';

/** The languages a job may be written in besides English; its page in each is /<locale>/job-openings/<id>. */
export const JOB_LOCALES = ['hi'] as const satisfies readonly Locale[];
export type JobLocale = (typeof JOB_LOCALES)[number];

/** A language a visitor may read the openings in: English, or one a job may be written in. */
export type JobLanguage = 'en' | JobLocale;

/** The language job openings are read in on a page of `locale`: itself when jobs may be written in it, else English. */
export const jobLanguageOf = (locale: Locale): JobLanguage =>
  (JOB_LOCALES as readonly Locale[]).includes(locale) ? (locale as JobLocale) : 'en';
