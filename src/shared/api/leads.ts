import { Type, type Static } from 'typebox';
import { LEAD_STATUSES } from '../lead-statuses';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from '../lead-contacts';
import { CursorPaged, CursorQuery, Nullable } from './common';
import { Attribution } from './forms';
import { WhatsAppTexts } from './reach';

export type { Touch } from './forms';

const Status = Type.Enum([...LEAD_STATUSES]);

/** The filters of the list and of the CSV export. */
export const LeadFilters = Type.Object(
  {
    form: Type.Optional(Type.String({ maxLength: 100 })),
    collection: Type.Optional(Type.String({ maxLength: 100 })),
    /** Everything but this collection (the BDE portal's leads tab leaves job requests to their own tab). */
    excludeCollection: Type.Optional(Type.String({ maxLength: 100 })),
    city: Type.Optional(Type.String({ maxLength: 100 })),
    /** The lead's source in one word (submissions.source): walk-in, facebook, google.com, direct; without regard to case. */
    source: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Status),
    /** A user id, 'me' or 'none'. */
    assigned: Type.Optional(
      Type.String({ pattern: '^(me|none|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$' }),
    ),
    /** Text any field contains, without regard to case; it needs three letters or digits in a row (lead-search.ts). */
    q: Type.Optional(Type.String({ maxLength: 200 })),
    /** Days (YYYY-MM-DD) in India's time, both included. */
    from: Type.Optional(Type.String({ format: 'date' })),
    to: Type.Optional(Type.String({ format: 'date' })),
  },
  { additionalProperties: false },
);
export type LeadFilters = Static<typeof LeadFilters>;

/** A page of the list: the filters, and where the page starts (a cursor from the page before or after). */
export const LeadQuery = Type.Object({ ...LeadFilters.properties, ...CursorQuery.properties }, { additionalProperties: false });
export type LeadQuery = Static<typeof LeadQuery>;

/** The filter menus of a tab: within one collection, or all but one. */
export const FacetsQuery = Type.Object(
  { collection: LeadFilters.properties.collection, excludeCollection: LeadFilters.properties.excludeCollection },
  { additionalProperties: false },
);
export type FacetsQuery = Static<typeof FacetsQuery>;

export const Person = Type.Object({ id: Type.String(), username: Type.String(), fullName: Nullable(Type.String()) });
export type Person = Static<typeof Person>;

/** What every view of a submission starts with: leads, candidates. */
export const SubmissionFields = {
  id: Type.String(),
  formId: Type.String(),
  collection: Type.String(),
  page: Type.String(),
  city: Nullable(Type.String()),
  createdAt: Type.String(),
};

export const LeadSummary = Type.Object({
  ...SubmissionFields,
  /** What the visitor was told to quote (HF-2026-000123). */
  reference: Type.String(),
  status: Status,
  assignedTo: Nullable(Person),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  summary: Type.String(),
  hasResume: Type.Boolean(),
  /** When a first answer is due (null: none was promised, or the lead came before the clock). */
  respondBy: Nullable(Type.String()),
  /** When it was first answered: a contact logged, or its status moved on from New. */
  answeredAt: Nullable(Type.String()),
  /** When whoever works it means to follow it up next. */
  followUpAt: Nullable(Type.String()),
  /** Sent by a person whose earlier lead came within the repeat window: it went to whoever had that one. */
  repeat: Type.Boolean(),
});
export type LeadSummary = Static<typeof LeadSummary>;

export const LeadPage = Type.Object({ items: Type.Array(LeadSummary), ...CursorPaged.properties });
export type LeadPage = Static<typeof LeadPage>;

export const LeadFacets = Type.Object({
  forms: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
  collections: Type.Array(Type.String()),
  cities: Type.Array(Type.String()),
  sources: Type.Array(Type.String()),
});
export type LeadFacets = Static<typeof LeadFacets>;

export const Note = Type.Object({ id: Type.String(), body: Type.String(), createdAt: Type.String(), author: Person });
export type Note = Static<typeof Note>;

export const ResumeFile = Type.Object({ id: Type.String(), name: Type.String(), size: Type.Integer(), type: Type.String() });
export type ResumeFile = Static<typeof ResumeFile>;

export const Consent = Type.Object({
  text: Type.Optional(Type.String()),
  givenAt: Type.Optional(Type.String()),
  page: Type.Optional(Type.String()),
  /** The language the notice was shown in (en, hi, gu, ...), and its version: a digest of its words. */
  lang: Type.Optional(Type.String()),
  version: Type.Optional(Type.String()),
});
export type Consent = Static<typeof Consent>;

const At = Type.String();

/**
 * One step of a lead's history, oldest first: how it was routed on arrival (to someone; kept for the inbox by a rule;
 * or left there as nobody was available), then each change of assignee or status and who made it.
 */
export const LeadEvent = Type.Union([
  Type.Object({ kind: Type.Literal('routed'), at: At, to: Person, rule: Type.String(), team: Type.String() }),
  /** A repeat: it went to whoever had the person's earlier lead (its reference), not routed again. */
  Type.Object({ kind: Type.Literal('repeat'), at: At, to: Person, of: Type.String() }),
  Type.Object({ kind: Type.Literal('kept'), at: At, rule: Type.String() }),
  Type.Object({ kind: Type.Literal('unavailable'), at: At, teams: Type.Array(Type.String()) }),
  Type.Object({
    kind: Type.Literal('assigned'),
    at: At,
    by: Nullable(Person),
    from: Nullable(Person),
    to: Nullable(Person),
    /** Set when the response clock moved it: nobody answered it in time. */
    unanswered: Type.Optional(Type.Boolean()),
  }),
  Type.Object({ kind: Type.Literal('status'), at: At, by: Nullable(Person), from: Status, to: Status }),
  Type.Object({
    kind: Type.Literal('contacted'),
    at: At,
    by: Nullable(Person),
    channel: Type.Enum([...CONTACT_CHANNELS]),
    outcome: Type.Enum([...CONTACT_OUTCOMES]),
    note: Nullable(Type.String()),
  }),
  Type.Object({ kind: Type.Literal('follow-up'), at: At, by: Nullable(Person), due: Nullable(Type.String()) }),
  /** Its person merged with the person of another lead (its reference; null once that lead is erased), or one separated out. */
  Type.Object({ kind: Type.Literal('merged'), at: At, by: Nullable(Person), with: Nullable(Type.String()) }),
  Type.Object({ kind: Type.Literal('separated'), at: At, by: Nullable(Person) }),
  /** An offline source set (to), changed or taken back (to null: the lead's source is where it came from online again). */
  Type.Object({ kind: Type.Literal('source'), at: At, by: Nullable(Person), from: Nullable(Type.String()), to: Nullable(Type.String()) }),
]);
export type LeadEvent = Static<typeof LeadEvent>;

export const LeadDetail = Type.Object({
  ...LeadSummary.properties,
  formTitle: Type.String(),
  updatedAt: Nullable(Type.String()),
  fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), value: Type.String() })),
  consent: Nullable(Consent),
  /** The language of the page the lead was sent from: what the visitor read, and what their mail was in. */
  locale: Type.String(),
  notes: Type.Array(Note),
  resume: Nullable(ResumeFile),
  history: Type.Array(LeadEvent),
  /** The lead's source in one word (null for leads stored before sources were kept). */
  source: Nullable(Type.String()),
  /** The offline source staff set, if any: then it is the source. */
  offlineSource: Nullable(Type.String()),
  /** The first and latest visits the visitor's browser kept, or null. */
  attribution: Nullable(Attribution),
  /** The offline sources staff may set (offlineSources of pages/lead-routing.json). */
  offlineSources: Type.Array(Type.String()),
  /** The WhatsApp message to start from, signed by the viewer; null when the rules have none. */
  whatsapp: Nullable(WhatsAppTexts),
});
export type LeadDetail = Static<typeof LeadDetail>;

const FollowUpAt = Nullable(Type.String({ format: 'date-time' }));

/**
 * A status to move to, an assignee (a user id, or null to unassign), the next follow-up (null: none), or an offline
 * source (one of offlineSources, or null for none); what is absent stays as it is.
 */
export const LeadChange = Type.Object(
  {
    status: Type.Optional(Status),
    assignedTo: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    followUpAt: Type.Optional(FollowUpAt),
    offlineSource: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type LeadChange = Static<typeof LeadChange>;

/** A call, WhatsApp or mail made to the lead, what came of it, and optionally when to follow it up next. */
export const ContactLog = Type.Object(
  {
    channel: Type.Enum([...CONTACT_CHANNELS]),
    outcome: Type.Enum([...CONTACT_OUTCOMES]),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
    followUpAt: Type.Optional(FollowUpAt),
  },
  { additionalProperties: false },
);
export type ContactLog = Static<typeof ContactLog>;

/**
 * What a person has to do, most urgent first: leads past their promised reply or follow-up, those due later today,
 * then their other new leads; each list up to TO_DO_SHOWN, with how many there are in all.
 */
export const ToDo = Type.Object({
  overdue: Type.Array(LeadSummary),
  today: Type.Array(LeadSummary),
  fresh: Type.Array(LeadSummary),
  counts: Type.Object({ overdue: Type.Integer(), today: Type.Integer(), fresh: Type.Integer() }),
});
export type ToDo = Static<typeof ToDo>;

/** The count beside To do in the navigation: what is overdue or due today. */
export const ToDoCount = Type.Object({ due: Type.Integer() });
export type ToDoCount = Static<typeof ToDoCount>;

export const NoteBody = Type.Object({ body: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
export type NoteBody = Static<typeof NoteBody>;

/** Someone a lead may be assigned to: an active BDE or FBDE. */
export const Assignee = Type.Object({ ...Person.properties, role: Type.String(), city: Nullable(Type.String()) });
export type Assignee = Static<typeof Assignee>;

export const AssigneeList = Type.Object({ users: Type.Array(Assignee) });
export type AssigneeList = Static<typeof AssigneeList>;
