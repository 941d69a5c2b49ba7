import { Type, type Static } from 'typebox';
import { Nullable } from './common';

const Count = Type.Integer();

/** Something someone did, for the dashboard's recent activity. */
export const Activity = Type.Object({
  id: Type.String(),
  action: Type.String(),
  subjectType: Type.String(),
  subjectId: Type.String(),
  detail: Nullable(Type.Record(Type.String(), Type.Unknown())),
  actor: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type Activity = Static<typeof Activity>;

/** What the admin sees first: new leads by form and city, where every lead stands, and what happened lately. */
export const Dashboard = Type.Object({
  days: Count,
  newLeads: Type.Object({
    total: Count,
    byForm: Type.Array(Type.Object({ formId: Type.String(), title: Type.String(), collection: Type.String(), count: Count })),
    byCity: Type.Array(Type.Object({ city: Nullable(Type.String()), count: Count })),
  }),
  byStatus: Type.Array(Type.Object({ status: Type.String(), count: Count })),
  totals: Type.Object({
    submissions: Count,
    activeUsers: Count,
    openComplaints: Count,
    pendingRecruiterRequests: Count,
    /** Leads still New: nobody has answered them. */
    untouched: Count,
    /** New leads with nobody to answer them: no routing rule found anyone available, or they were unassigned. */
    unassigned: Count,
    /** Unanswered leads past the reply they were promised. */
    overdue: Count,
  }),
  recentActivity: Type.Array(Activity),
  latestSubmissions: Type.Array(
    Type.Object({
      id: Type.String(),
      formId: Type.String(),
      title: Type.String(),
      page: Type.String(),
      city: Nullable(Type.String()),
      status: Type.String(),
      name: Nullable(Type.String()),
      email: Nullable(Type.String()),
      createdAt: Type.String(),
    }),
  ),
});
export type Dashboard = Static<typeof Dashboard>;

/**
 * One line of a chart of leads per day: a city or a source (null: none recorded), or the rest taken together
 * (`other`, with how many values it holds). `perDay[i]` is day i from `firstDay`.
 */
export const LeadSeries = Type.Object({
  name: Nullable(Type.String()),
  other: Type.Boolean(),
  /** Values taken together in `other`; 1 for a single city or source. */
  members: Count,
  total: Count,
  perDay: Type.Array(Count),
});
export type LeadSeries = Static<typeof LeadSeries>;

/**
 * How fast leads promised a reply were first answered, for one city, one assignee or all of them: percentiles over
 * the answered leads, in minutes (null with none answered), and how the promise went.
 */
export const ResponseFigures = Type.Object({
  /** A city, an assignee's name, or null (no city; nobody assigned). */
  name: Nullable(Type.String()),
  /** Leads promised a reply. */
  promised: Count,
  answered: Count,
  p50Minutes: Nullable(Type.Number()),
  p90Minutes: Nullable(Type.Number()),
  /** Answered by the time promised. */
  withinPromise: Count,
  /** Answered late, or still unanswered past the time promised. */
  missedPromise: Count,
  /** Unanswered, with time left: neither kept nor missed yet. */
  waiting: Count,
});
export type ResponseFigures = Static<typeof ResponseFigures>;

/** The dashboard's charts: leads per India day over the last `days` days by city and by source, and first replies. */
export const DashboardTrends = Type.Object({
  days: Count,
  /** The first India day of the charts, YYYY-MM-DD; the last is today. */
  firstDay: Type.String(),
  byCity: Type.Array(LeadSeries),
  bySource: Type.Array(LeadSeries),
  firstResponse: Type.Object({
    all: ResponseFigures,
    byCity: Type.Array(ResponseFigures),
    byAssignee: Type.Array(ResponseFigures),
  }),
});
export type DashboardTrends = Static<typeof DashboardTrends>;
