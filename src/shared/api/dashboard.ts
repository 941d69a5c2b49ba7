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
