import { Link } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../shared/india-time';
import type { Dashboard } from '../../shared/api/dashboard';
import { useDashboard, useVitals } from './admin-queries';
import { describeActivity } from './activity-text';
import { VitalsPanel } from './vitals-panel';
import { formatShare } from './durations';
import { LeadTrends } from './lead-trends';
import { BarList } from './bar-list';
import { ChartFigure } from './chart-figure';

const sections = [
  { to: '/view-forms', label: 'Leads inbox', text: 'Every form submission, to assign and follow up' },
  { to: '/admin/lead-routing', label: 'Lead routing', text: 'Who new leads go to, and how soon they must be answered' },
  { to: '/admin/users', label: 'Users', text: 'Staff accounts, roles and passwords' },
  { to: '/admin/placements', label: 'Placements', text: "Who joined, the fees, time to joining, and each franchise's commission" },
  { to: '/admin/candidates', label: 'Candidates', text: 'City registrations and their resumes' },
  { to: '/admin/recruiter-requests', label: 'Recruiter requests', text: 'Applications to recruit with us' },
  { to: '/admin/compliants', label: 'Complaints', text: 'What logged-in users reported' },
  { to: '/admin/team', label: 'Team', text: 'The people the Our Team page shows' },
  { to: '/admin/data-requests', label: 'Data requests', text: 'Requests to see, correct or erase personal data, with their deadlines' },
  { to: '/add-blog', label: 'Add blog', text: 'Write a post for the blog' },
];

/**
 * /admin: what needs attention now, new leads this week, the last 90 days in charts, where every lead stands, what
 * happened lately, and how fast visitors find the pages.
 */
export default function DashboardScreen() {
  const dashboard = useDashboard();
  // Asked for beside the dashboard, not once it has come, so the two load together.
  const vitals = useVitals();
  const { data } = dashboard;
  return (
    <PortalPage
      title="Admin"
      actions={
        <Link className="button" to="/view-forms">
          Open the leads inbox
        </Link>
      }
    >
      <nav aria-label="Admin sections" className="admin-sections">
        {sections.map((s) => (
          <Link key={s.to} to={s.to} className="admin-section">
            <strong>{s.label}</strong>
            <span>{s.text}</span>
          </Link>
        ))}
      </nav>
      <QueryState query={dashboard} />
      {data ? (
        <>
          <DashboardBody data={data} />
          <VitalsPanel vitals={vitals} />
        </>
      ) : null}
    </PortalPage>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const { newLeads, totals } = data;
  const tiles = [
    { label: 'Overdue: past their promised reply', value: totals.overdue, to: '/view-forms?status=new', alert: totals.overdue > 0 },
    { label: 'Unassigned new leads', value: totals.unassigned, to: '/view-forms?status=new&assigned=none', alert: totals.unassigned > 0 },
    { label: 'Untouched: still New', value: totals.untouched, to: '/view-forms?status=new' },
    { label: `New leads, last ${data.days} days`, value: newLeads.total, to: '/view-forms' },
    { label: 'All leads', value: totals.submissions, to: '/view-forms' },
    { label: 'Recruiter requests waiting', value: totals.pendingRecruiterRequests, to: '/admin/recruiter-requests?status=new' },
    { label: 'Open complaints', value: totals.openComplaints, to: '/admin/compliants' },
    { label: 'Active users', value: totals.activeUsers, to: '/admin/users' },
  ];
  return (
    <>
      <div className="stat-tiles">
        {tiles.map((t) => (
          <Link key={t.label} to={t.to} className={'alert' in t && t.alert ? 'stat-tile stat-tile-alert' : 'stat-tile'}>
            <strong>{t.value.toLocaleString('en-IN')}</strong>
            {t.label}
          </Link>
        ))}
      </div>

      <div className="admin-grid">
        <CountSection
          id="by-form"
          title="New leads by form"
          label="Form"
          rows={newLeads.byForm.map((r) => ({ key: r.formId, name: r.title, count: r.count }))}
          empty={`No leads in the last ${data.days} days: they appear here as visitors submit the forms on the site.`}
        />
        <CountSection
          id="by-city"
          title="New leads by city"
          label="City"
          rows={newLeads.byCity.map((r) => ({ key: r.city ?? '-', name: r.city ?? 'No city (service pages)', count: r.count }))}
          empty={`No leads in the last ${data.days} days.`}
        />
      </div>

      <LeadTrends beside={data.byStatus.length ? <StatusCard data={data} /> : null} />

      <div className="admin-grid admin-grid-wide-first">
        <section className="portal-card" aria-labelledby="latest">
          <h2 id="latest">Latest submissions</h2>
          <DataTable
            rows={data.latestSubmissions}
            caption="Latest submissions"
            empty={{ title: 'No leads yet', text: 'They appear here as visitors submit the forms on the site.' }}
            columns={[
              { header: 'Received', cell: (s) => formatDateTime(s.createdAt) },
              { header: 'Name', className: 'wrap-anywhere', cell: (s) => s.name ?? s.email ?? '-' },
              { header: 'Form', cell: (s) => s.title },
              { header: 'City', cell: (s) => s.city ?? '-' },
              { header: 'Status', cell: (s) => <span className={`status-badge status-${s.status}`}>{s.status}</span> },
            ]}
          />
        </section>
        <section className="portal-card" aria-labelledby="activity">
          <h2 id="activity">Recent activity</h2>
          {data.recentActivity.length ? (
            <ol className="admin-activity">
              {data.recentActivity.map((a) => {
                const { text, to } = describeActivity(a);
                return (
                  <li key={a.id}>
                    <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time> <strong>{a.actor ?? 'Someone'}</strong>{' '}
                    {to ? <Link to={to}>{text}</Link> : text}
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className="admin-empty">Nothing yet: approvals, account changes and complaints show here as they happen.</p>
          )}
        </section>
      </div>
    </>
  );
}

/** Every lead by its status: bars in the badges' hues, and the table. */
function StatusCard({ data }: { data: Dashboard }) {
  return (
    <section className="portal-card chart-card">
      <ChartFigure
        caption={<h3>All leads by status</h3>}
        chart={
          <BarList
            className="status-bars"
            bars={data.byStatus.map((s) => ({
              key: s.status,
              label: s.status,
              value: s.count,
              text: s.count.toLocaleString('en-IN'),
              colour: STATUS_COLOURS[s.status],
            }))}
          />
        }
        table={
          <DataTable
            rows={data.byStatus}
            rowKey={(s) => s.status}
            caption="All leads by status"
            empty={{ title: 'No leads yet' }}
            columns={[
              { header: 'Status', cell: (s) => <span className={`status-badge status-${s.status}`}>{s.status}</span> },
              { header: 'Leads', className: 'numeric', cell: (s) => s.count.toLocaleString('en-IN') },
              { header: 'Share', className: 'numeric', cell: (s) => formatShare(s.count, data.totals.submissions) },
            ]}
          />
        }
      />
    </section>
  );
}

/** The status badges' hues (src/styles/portal.css), strong enough for a bar. */
const STATUS_COLOURS: Record<string, string> = { new: '#1e3a8a', contacted: '#f59e0b', converted: '#15803d', closed: '#64748b' };

type Count = { key: string; name: string; count: number };

/** A card of new-lead counts by one column, or a line saying there are none. */
function CountSection({ id, title, label, rows, empty }: { id: string; title: string; label: string; rows: Count[]; empty: string }) {
  return (
    <section className="portal-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length ? (
        <DataTable
          rows={rows}
          caption={title}
          rowKey={(r) => r.key}
          empty={{ title: 'No leads yet' }}
          columns={[
            { header: label, cell: (r: Count) => r.name },
            { header: 'Leads', className: 'numeric', cell: (r: Count) => r.count.toLocaleString('en-IN') },
          ]}
        />
      ) : (
        <p className="admin-empty">{empty}</p>
      )}
    </section>
  );
}
