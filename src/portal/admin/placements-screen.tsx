import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable, type Column } from '../../ui/data-table';
import { formatInr } from '../../shared/rupees';
import { formatDay } from '../../shared/india-time';
import { FEE_TYPE_LABELS, HEAD_OFFICE, INVOICE_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '../../shared/pipeline-stages';
import type { FranchiseCommission, PlacementGroup, PlacementReport, PlacementRow } from '../../shared/api/placements';
import { usePlacementReport, useSetInvoiceStatus } from './admin-queries';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** What the franchise pages promise a placement takes. */
const CLAIMED_DAYS = '7-14 days';

const days = (n: number | null) => (n === null ? '—' : `${Number.isInteger(n) ? n : n.toFixed(1)} days`);

/**
 * /admin/placements: the candidates who joined in the months chosen, how long each took from application to joining
 * (against the site's 7–14 days), placements and fees per city and recruiter, each franchise's commission at the
 * rates its page states, the invoices to chase, and the CSV.
 */
export default function PlacementsScreen() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const from = MONTH.test(params.get('from') ?? '') ? (params.get('from') ?? undefined) : undefined;
  const to = MONTH.test(params.get('to') ?? '') ? (params.get('to') ?? undefined) : undefined;
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  const report = usePlacementReport(query);
  const { data } = report;
  const setMonth = (key: 'from' | 'to', value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (MONTH.test(value)) next.set(key, value);
      else next.delete(key);
      return next;
    });

  return (
    <PortalPage
      title="Placements"
      trail={[{ label: 'Admin', to: '/admin' }]}
      actions={
        <a className="button button-light" href={`/api/placements.csv?${query}`} download>
          Download CSV
        </a>
      }
    >
      <form className="placements-range" onSubmit={(e) => e.preventDefault()} aria-label="Months">
        <label htmlFor={`${id}-from`}>From</label>
        <input id={`${id}-from`} type="month" value={from ?? data?.from ?? ''} onChange={(e) => setMonth('from', e.target.value)} />
        <label htmlFor={`${id}-to`}>To</label>
        <input id={`${id}-to`} type="month" value={to ?? data?.to ?? ''} onChange={(e) => setMonth('to', e.target.value)} />
      </form>
      <QueryState query={report} />
      {data ? <Report report={data} /> : null}
    </PortalPage>
  );
}

function Report({ report }: { report: PlacementReport }) {
  const { total, commission } = report;
  return (
    <>
      <dl className="placements-figures">
        <div>
          <dt>Placements</dt>
          <dd>{total.placements}</dd>
        </div>
        <div>
          <dt>Fees</dt>
          <dd>{formatInr(total.fees)}</dd>
        </div>
        <div>
          <dt>Median time to join</dt>
          <dd>{days(total.medianDays)}</dd>
          <dd className="placements-claim">The franchise pages say {CLAIMED_DAYS}.</dd>
        </div>
      </dl>
      <section className="portal-card" aria-labelledby="placements-time">
        <h2 id="placements-time">From application to joining, by city and month</h2>
        <DataTable
          cards
          rows={report.byCityMonth}
          rowKey={(r) => `${r.city} ${r.month}`}
          caption="Median days from application to joining, by city and month"
          empty={{ title: 'No placements in these months' }}
          columns={[
            { cardTitle: true, header: 'Month and city', cell: (r) => `${r.month}, ${r.city}` },
            { header: 'Placements', className: 'numeric', cell: (r) => r.placements },
            { header: 'Median', className: 'numeric', cell: (r) => days(r.medianDays) },
          ]}
        />
      </section>
      <div className="placements-groups">
        <GroupTable id="placements-city" title="Per city" rows={report.byCity} />
        <GroupTable id="placements-recruiter" title="Per recruiter" rows={report.byRecruiter} />
      </div>
      <section className="portal-card" aria-labelledby="placements-commission">
        <h2 id="placements-commission">Franchise commission</h2>
        <p>
          At the rates the franchise page states: {commission.rates.fixedHire}% of fixed-hire fees, {commission.rates.ctcShare}% of
          share-of-CTC fees, and a {commission.rates.newCompanyBonus}% bonus on the fees of placements that onboarded a new company.
        </p>
        <DataTable
          cards
          rows={commission.franchises}
          rowKey={(r) => r.city}
          caption="Commission per franchise city"
          empty={{ title: 'No franchise placements in these months' }}
          columns={commissionColumns}
        />
      </section>
      <section className="portal-card placements-list" aria-labelledby="placements-list">
        <h2 id="placements-list">Placements</h2>
        <DataTable
          cards
          rows={report.placements}
          caption="Placements"
          empty={{ title: 'No placements in these months' }}
          columns={placementColumns}
        />
      </section>
    </>
  );
}

const commissionColumns: Column<FranchiseCommission>[] = [
  { cardTitle: true, header: 'City', cell: (r) => r.city },
  { header: 'Fixed-hire fees', className: 'numeric', cell: (r) => formatInr(r.fixedFees) },
  { header: 'Share-of-CTC fees', className: 'numeric', cell: (r) => formatInr(r.ctcShareFees) },
  { header: 'New-company fees', className: 'numeric', cell: (r) => formatInr(r.newCompanyFees) },
  { header: 'Commission', className: 'numeric', cell: (r) => <strong>{formatInr(r.commission)}</strong> },
];

function GroupTable({ id, title, rows }: { id: string; title: string; rows: PlacementGroup[] }) {
  return (
    <section className="portal-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <DataTable
        cards
        rows={rows}
        rowKey={(r) => r.key}
        caption={`Placements ${title.toLowerCase()}`}
        empty={{ title: 'None yet' }}
        columns={[
          { cardTitle: true, header: 'Name', cell: (r) => r.key },
          { header: 'Placements', className: 'numeric', cell: (r) => r.placements },
          { header: 'Fees', className: 'numeric', cell: (r) => formatInr(r.fees) },
          { header: 'Median', className: 'numeric', cell: (r) => days(r.medianDays) },
        ]}
      />
    </section>
  );
}

const placementColumns: Column<PlacementRow>[] = [
  {
    cardTitle: true,
    header: 'Candidate',
    cell: (p) => (p.candidate ? <span className="placement-candidate">{p.candidate}</span> : 'Erased at the end of its retention'),
  },
  { header: 'Job', cell: (p) => <Link to={`/jobs/${p.jobId}`}>{`${p.jobTitle}, ${p.companyName}`}</Link> },
  { header: 'Joined', cell: (p) => formatDay(p.joiningDate) },
  { header: 'Days', className: 'numeric', cell: (p) => p.daysToJoin },
  { header: 'City', cell: (p) => p.franchiseCity ?? HEAD_OFFICE },
  { header: 'Recruiter', cell: (p) => p.recruiter ?? '—' },
  { header: 'CTC', className: 'numeric', cell: (p) => formatInr(p.ctc) },
  { header: 'Fee', className: 'numeric', cell: (p) => `${formatInr(p.fee)} (${FEE_TYPE_LABELS[p.feeType]})` },
  { header: 'Invoice', cell: (p) => <InvoiceSelect placement={p} /> },
];

function InvoiceSelect({ placement }: { placement: PlacementRow }) {
  const set = useSetInvoiceStatus(placement.id);
  return (
    <>
      <select
        aria-label={`Invoice of ${placement.candidate ?? 'the placement'}`}
        value={placement.invoiceStatus}
        disabled={set.isPending}
        onChange={(e) => set.mutate(e.target.value as InvoiceStatus)}
      >
        {INVOICE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {INVOICE_LABELS[s]}
          </option>
        ))}
      </select>
      {set.isError ? (
        <span className="text-danger" role="alert">
          Not saved: {set.error.message}
        </span>
      ) : null}
    </>
  );
}
