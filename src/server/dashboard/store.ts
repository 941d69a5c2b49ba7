import { queryOne, type Queryable } from '../db/database';
import { iso } from '../db/sql-values';
import type { Dashboard } from '../../shared/api/dashboard';

const NEW_LEAD_DAYS = 7;

/** What the admin sees first: new leads by form and city, where every lead stands, and what happened lately. */
export async function dashboard(db: Queryable, formTitle: (formId: string) => string): Promise<Dashboard> {
  const recent = `created_at > now() - make_interval(days => ${NEW_LEAD_DAYS})`;
  const [byForm, byCity, byStatus, totals, activity, latest] = await Promise.all([
    db.query<{ form_id: string; collection: string; count: number }>(
      `select form_id, collection, count(*)::int as count from submissions where ${recent} group by form_id, collection order by count desc, form_id`,
    ),
    db.query<{ city: string | null; count: number }>(
      `select city, count(*)::int as count from submissions where ${recent} group by city order by count desc, city nulls last`,
    ),
    // Totals over every lead come from lead_counts (kept by a trigger, migration 007): a million leads are not read.
    db.query<{ status: string; count: number }>(
      'select status, sum(n)::int as count from lead_counts group by status having sum(n) > 0 order by status',
    ),
    queryOne<{
      submissions: number;
      users: number;
      open_complaints: number;
      pending_recruiters: number;
      untouched: number;
      unassigned: number;
      overdue: number;
    }>(
      db,
      // Overdue leads are counted in the index of New, unanswered leads by due time (migration 028): only theirs is read.
      `select (select coalesce(sum(n), 0)::int from lead_counts) as submissions,
              (select coalesce(sum(n), 0)::int from lead_counts where status = 'new') as untouched,
              (select coalesce(sum(n), 0)::int from lead_counts where status = 'new' and assigned_to is null) as unassigned,
              (select count(*)::int from submissions
                where status = 'new' and answered_at is null and respond_by <= now()) as overdue,
              (select count(*)::int from users where active) as users,
              (select count(*)::int from complaints where status <> 'resolved') as open_complaints,
              (select coalesce(sum(n), 0)::int from lead_counts
                where collection = 'RecruiterApplications' and status in ('new', 'contacted')) as pending_recruiters`,
    ),
    db.query<{
      id: string;
      action: string;
      subject_type: string;
      subject_id: string;
      detail: Record<string, unknown> | null;
      created_at: Date;
      username: string | null;
    }>(
      `select a.id::text as id, a.action, a.subject_type, a.subject_id, a.detail, a.created_at, u.username
         from activity a left join users u on u.id = a.actor_id order by a.id desc limit 12`,
    ),
    db.query<{
      id: string;
      form_id: string;
      page: string;
      city: string | null;
      status: string;
      created_at: Date;
      name: string | null;
      email: string | null;
    }>(
      `select id, form_id, page, city, status, created_at, data->>'name' as name, coalesce(data->>'email', '') as email
         from submissions order by created_at desc, id desc limit 8`,
    ),
  ]);
  return {
    days: NEW_LEAD_DAYS,
    newLeads: {
      total: byForm.reduce((sum, row) => sum + row.count, 0),
      byForm: byForm.map((row) => ({ formId: row.form_id, title: formTitle(row.form_id), collection: row.collection, count: row.count })),
      byCity: byCity.map((row) => ({ city: row.city, count: row.count })),
    },
    byStatus: byStatus.map((row) => ({ status: row.status, count: row.count })),
    totals: {
      submissions: totals.submissions,
      activeUsers: totals.users,
      openComplaints: totals.open_complaints,
      pendingRecruiterRequests: totals.pending_recruiters,
      untouched: totals.untouched,
      unassigned: totals.unassigned,
      overdue: totals.overdue,
    },
    recentActivity: activity.map((row) => ({
      id: row.id,
      action: row.action,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      detail: row.detail,
      actor: row.username,
      createdAt: iso(row.created_at),
    })),
    latestSubmissions: latest.map((row) => ({
      id: row.id,
      formId: row.form_id,
      title: formTitle(row.form_id),
      page: row.page,
      city: row.city,
      status: row.status,
      name: row.name,
      email: row.email || null,
      createdAt: iso(row.created_at),
    })),
  };
}
