import { Type, type Static, type TSchema } from 'typebox';
import { JOB_LOCALES, type JobLocale } from '../job-locales';
import { EMPLOYMENT_TYPES } from '../employment-types';
import { OPENINGS_MAX_PAGE } from '../job-openings-pages';
import { AnyIdParams, Created, CursorPaged, CursorQuery, FormBody, Nullable } from './common';
import { WhatsAppTexts } from './reach';
import { CandidateDetail, CandidateState, StageSchema } from './pipeline';

/** The jobs API: job requests published as jobs, the public openings with applying, the portal's jobs and applicants. */

export const EmploymentType = Type.Enum([...EMPLOYMENT_TYPES]);
export type EmploymentType = Static<typeof EmploymentType>;

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** A language a visitor may read the openings in: English, or one a job may be written in. */
export const JobLanguage = Type.Enum(['en', ...JOB_LOCALES]);

/** A job's title and description in another language: both, as its page in that language shows both. */
export const JobTranslation = Type.Object({ title: Text(120), description: Text(5000) }, { additionalProperties: false });
export type JobTranslation = Static<typeof JobTranslation>;

export const JobTranslations = Type.Object(
  Object.fromEntries(JOB_LOCALES.map((locale) => [locale, Type.Optional(JobTranslation)])) as Record<
    JobLocale,
    Type.TOptional<typeof JobTranslation>
  >,
  // A language jobs are not written in is refused, not dropped: dropped, {"gu": …} would read as "no translations".
  { additionalProperties: false, propertyNames: { enum: [...JOB_LOCALES] } },
);
export type JobTranslations = Static<typeof JobTranslations>;

export const JobStatus = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('closed')]);
export type JobStatus = Static<typeof JobStatus>;

export const JobParams = AnyIdParams;
export type JobParams = Static<typeof JobParams>;

export const ResumeParams = Type.Object({ id: Type.String({ maxLength: 64 }), applicantId: Type.String({ maxLength: 64 }) });
export type ResumeParams = Static<typeof ResumeParams>;

/** Words a job's title, company, location or description contains. */
const JobSearch = Type.Optional(Type.String({ maxLength: 100 }));

/** The portal's jobs, optionally of one status or matching a search. */
export const JobListQuery = Type.Object({ ...CursorQuery.properties, status: Type.Optional(JobStatus), q: JobSearch });
export type JobListQuery = Static<typeof JobListQuery>;

/** The public openings: ten a page, by location and search, the page by its number (or a cursor) in a link anyone can share. */
export const OpeningsQuery = Type.Object({
  after: CursorQuery.properties.after,
  before: CursorQuery.properties.before,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: OPENINGS_MAX_PAGE })),
  location: Type.Optional(Type.String({ maxLength: 80 })),
  q: JobSearch,
  /** The language to read the titles in: a job not written in it reads in English. */
  lang: Type.Optional(JobLanguage),
});
export type OpeningsQuery = Static<typeof OpeningsQuery>;

/** A job as visitors see it in a list. */
export const PublicJobSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  companyName: Type.String(),
  location: Type.String(),
  employmentType: Type.String(),
  openings: Type.Integer(),
  experience: Nullable(Type.String()),
  salaryMin: Nullable(Type.Integer()),
  salaryMax: Nullable(Type.Integer()),
  /** YYYY-MM-DD: the last day it takes applications. */
  validThrough: Nullable(Type.String()),
  /** When it was published (ISO). */
  datePosted: Nullable(Type.String()),
  /** Past its last date, or closed: it takes no applications. */
  expired: Type.Boolean(),
  /** The language its title (and description) are in: the one asked for, or English when the job is not written in it. */
  lang: JobLanguage,
  /** Every language the job is written in, English first: its pages, one per language. */
  languages: Type.Array(JobLanguage),
});
export type PublicJobSummary = Static<typeof PublicJobSummary>;

export const PublicJob = Type.Object({ ...PublicJobSummary.properties, description: Type.String(), status: JobStatus });

/** One public job in a language, as /hi/job-openings/<id> reads it. */
export const PublicJobQuery = Type.Object({ lang: Type.Optional(JobLanguage) });
export type PublicJobQuery = Static<typeof PublicJobQuery>;
export type PublicJob = Static<typeof PublicJob>;

/** A job as the portal sees it. */
export const PortalJob = Type.Object({
  ...PublicJob.properties,
  jobRequestId: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Nullable(Type.String()),
  applicantCount: Type.Integer(),
  /** Its title and description in other languages, as staff wrote them (title and description above are English). */
  translations: JobTranslations,
});
export type PortalJob = Static<typeof PortalJob>;

const pageOf = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item), ...CursorPaged.properties });

export const OpeningsPage = pageOf(PublicJobSummary);
export type OpeningsPage = Static<typeof OpeningsPage>;

export const JobPage = pageOf(PortalJob);
export type JobPage = Static<typeof JobPage>;

export const PublicJobReply = Type.Object({ job: PublicJob });
export type PublicJobReply = Static<typeof PublicJobReply>;

export const JobReply = Type.Object({ job: PortalJob });
export type JobReply = Static<typeof JobReply>;

export const Applicant = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  appliedAt: Type.String(),
  hasResume: Type.Boolean(),
  resumeUrl: Nullable(Type.String()),
  /** The WhatsApp message to start from, signed by the viewer; null when the rules have none. */
  whatsapp: Nullable(WhatsAppTexts),
  ...CandidateState.properties,
});
export type Applicant = Static<typeof Applicant>;

/** A candidate opened from a job's pipeline, with the row the list shows of them. */
export const CandidateReply = Type.Object({ candidate: Applicant, ...CandidateDetail.properties });
export type CandidateReply = Static<typeof CandidateReply>;

/** A job in the portal and what the viewer may do with its applicants (listed a page at a time by ApplicantPage). */
export const JobDetail = Type.Object({
  job: PortalJob,
  applicantCount: Type.Integer(),
  canSeeApplicants: Type.Boolean(),
  canEdit: Type.Boolean(),
});
export type JobDetail = Static<typeof JobDetail>;

/** A job's candidates, all or those at one stage. */
export const ApplicantQuery = Type.Object({ ...CursorQuery.properties, stage: Type.Optional(StageSchema) });
export type ApplicantQuery = Static<typeof ApplicantQuery>;

/** A job's candidates in stage order, newest first within a stage, with how many stand at each stage. */
export const ApplicantPage = Type.Object({
  applicants: Type.Array(Applicant),
  stageCounts: Type.Record(Type.String(), Type.Integer()),
  /** Whether the viewer moves candidates through the pipeline, and records placements (moves to and from Joined). */
  canMove: Type.Boolean(),
  canPlace: Type.Boolean(),
  ...CursorPaged.properties,
});
export type ApplicantPage = Static<typeof ApplicantPage>;

// Rupees a year; ₹10 crore is past any posting's salary.
const Salary = Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 }));

/** The reviewed job: what publishing writes and editing may change. */
const jobFields = {
  title: Text(120),
  description: Text(5000),
  companyName: Text(120),
  location: Text(80),
  employmentType: EmploymentType,
  openings: Type.Integer({ minimum: 1, maximum: 1000 }),
  experience: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  salaryMin: Type.Optional(Salary),
  salaryMax: Type.Optional(Salary),
  validThrough: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  /** Absent, a job keeps the translations it has; {} removes them. */
  translations: Type.Optional(JobTranslations),
};

/** A job request published as a job (or the job it became saved again). */
export const PublishJobBody = Type.Object(jobFields, { additionalProperties: false });
export type PublishJobBody = Static<typeof PublishJobBody>;

/** An edit of a job: the fields it changes, or closing and reopening it. */
export const JobChanges = Type.Partial(
  Type.Object({ ...jobFields, status: Type.Union([Type.Literal('published'), Type.Literal('closed')]) }),
  {
    additionalProperties: false,
    minProperties: 1,
  },
);
export type JobChanges = Static<typeof JobChanges>;

/** The job-posting form's fields, as submitted. */
export const JobRequest = Type.Object({
  id: Type.String(),
  status: Type.String(),
  page: Type.String(),
  createdAt: Type.String(),
  /** The submission's city, or the form's location when the page fixed none: the city an FBDE works. */
  city: Nullable(Type.String()),
  assignedTo: Nullable(Type.String()),
  data: Type.Partial(
    Type.Object({
      companyName: Type.String(),
      contactName: Type.String(),
      email: Type.String(),
      phone: Type.String(),
      jobTitle: Type.String(),
      location: Type.String(),
      employmentType: Type.String(),
      openings: Type.Integer(),
      experience: Type.String(),
      salary: Type.String(),
      description: Type.String(),
    }),
  ),
  /** The job published from it, if any. */
  job: Nullable(Type.Object({ id: Type.String(), status: Type.String() })),
});
export type JobRequest = Static<typeof JobRequest>;

/** A job request, and the WhatsApp message to start from when writing to the employer (null: the rules have none). */
export const JobRequestReply = Type.Object({ request: JobRequest, whatsapp: Nullable(WhatsAppTexts) });
export type JobRequestReply = Static<typeof JobRequestReply>;

/** An application, sent by the site's form view: the job-application form's data and its captcha. */
// The page is sent by the site's form view with every form; the job is in the path.
export const ApplicationBody = FormBody(Type.Optional(Type.String({ maxLength: 200 })), 20);
export type ApplicationBody = Static<typeof ApplicationBody>;

export const ApplicationCreated = Created;
export type ApplicationCreated = Static<typeof ApplicationCreated>;
