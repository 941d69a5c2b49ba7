import type { Queryable } from '../db/database';
import { iso } from '../db/sql-values';
import type { Placement } from '../../shared/api/pipeline';
import type { FranchiseCommission, PlacementGroup, PlacementReport, PlacementRow } from '../../shared/api/placements';
import { HEAD_OFFICE, type FeeType, type InvoiceStatus } from '../../shared/pipeline-stages';
import { staffName } from '../users/staff-name';

/** The placements of the joining months a report covers: [from, to) as dates. */
export interface MonthRange {
  /** The first day of the first month (YYYY-MM-DD). */
  from: string;
  /** The first day after the last month (YYYY-MM-DD). */
  until: string;
}

/** Days from the application, a date in India, to joining. */
const DAYS = `(p.joining_date - (p.applied_at at time zone 'Asia/Kolkata')::date)`;
const MEDIAN = `percentile_cont(0.5) within group (order by ${DAYS})`;
const IN_RANGE = 'p.joining_date >= $1::date and p.joining_date < $2::date';

type PlacementDbRow = {
  id: string;
  joining_date: string;
  ctc: number;
  fee_type: FeeType;
  fee: number;
  invoice_status: InvoiceStatus;
  franchise_city: string | null;
  new_company: boolean;
  created_at: string;
};

const PLACEMENT_COLUMNS = `p.id, to_char(p.joining_date, 'YYYY-MM-DD') as joining_date, p.ctc, p.fee_type, p.fee, p.invoice_status,
  p.franchise_city, p.new_company, p.created_at`;

const toPlacement = (r: PlacementDbRow): Placement => ({
  id: r.id,
  joiningDate: r.joining_date,
  ctc: Number(r.ctc),
  feeType: r.fee_type,
  fee: Number(r.fee),
  invoiceStatus: r.invoice_status,
  franchiseCity: r.franchise_city,
  newCompany: r.new_company,
  createdAt: iso(r.created_at),
});

/** The placement a candidate's move to Joined recorded, if any. */
export async function placementOf(db: Queryable, applicationId: string): Promise<Placement | null> {
  const [row] = await db.query<PlacementDbRow>(`select ${PLACEMENT_COLUMNS} from placements p where p.application_id = $1`, [
    applicationId,
  ]);
  return row ? toPlacement(row) : null;
}

type ListedRow = PlacementDbRow & {
  candidate: string | null;
  job_id: string;
  job_title: string;
  company_name: string;
  recruiter: string | null;
  applied_at: string;
  days: number;
};

/** The range's placements, newest joining first; `limit` caps them (the CSV reads them all). */
export async function placementsIn(db: Queryable, range: MonthRange, limit?: number): Promise<PlacementRow[]> {
  const rows = await db.query<ListedRow>(
    `select ${PLACEMENT_COLUMNS}, a.name as candidate, p.job_id, j.title as job_title, p.company_name, ${staffName('r')} as recruiter,
            p.applied_at, ${DAYS} as days
       from placements p join jobs j on j.id = p.job_id
       left join job_applications a on a.id = p.application_id left join users r on r.id = p.recruiter_id
      where ${IN_RANGE} order by p.joining_date desc, p.created_at desc, p.id ${limit ? `limit ${Math.floor(limit)}` : ''}`,
    [range.from, range.until],
  );
  return rows.map((r) => ({
    ...toPlacement(r),
    candidate: r.candidate,
    jobId: r.job_id,
    jobTitle: r.job_title,
    companyName: r.company_name,
    recruiter: r.recruiter,
    appliedAt: iso(r.applied_at),
    daysToJoin: Number(r.days),
  }));
}

type GroupRow = { key: string; placements: number; fees: string | number; median: number | string | null };
const toGroup = (r: GroupRow): PlacementGroup => ({
  key: r.key,
  placements: Number(r.placements),
  fees: Number(r.fees),
  medianDays: Number(r.median ?? 0),
});

async function groupedBy(db: Queryable, range: MonthRange, key: string, join = '') {
  const rows = await db.query<GroupRow>(
    `select ${key} as key, count(*)::int as placements, coalesce(sum(p.fee), 0)::bigint as fees, ${MEDIAN} as median
       from placements p ${join} where ${IN_RANGE} group by 1 order by 2 desc, 1`,
    [range.from, range.until],
  );
  return rows.map(toGroup);
}

/** The commission rates of pages/site.json, in per cent. */
export interface CommissionRates {
  fixedHire: number;
  ctcShare: number;
  newCompanyBonus: number;
}

/**
 * Each franchise city's commission on its placements: the fixed-hire share of fixed fees, the CTC-share of fees billed
 * as a share of CTC, and the new-company bonus on the fees of placements that onboarded a new company; whole rupees.
 */
export async function commissionsIn(db: Queryable, range: MonthRange, rates: CommissionRates): Promise<FranchiseCommission[]> {
  const rows = await db.query<{ city: string; fixed: string; share: string; fresh: string }>(
    `select p.franchise_city as city,
            coalesce(sum(p.fee) filter (where p.fee_type = 'fixed'), 0)::bigint as fixed,
            coalesce(sum(p.fee) filter (where p.fee_type = 'ctc-share'), 0)::bigint as share,
            coalesce(sum(p.fee) filter (where p.new_company), 0)::bigint as fresh
       from placements p where ${IN_RANGE} and p.franchise_city is not null group by 1 order by 1`,
    [range.from, range.until],
  );
  return rows.map((r) => {
    const [fixedFees, ctcShareFees, newCompanyFees] = [r.fixed, r.share, r.fresh].map(Number) as [number, number, number];
    const commission = (fixedFees * rates.fixedHire + ctcShareFees * rates.ctcShare + newCompanyFees * rates.newCompanyBonus) / 100;
    return { city: r.city, fixedFees, ctcShareFees, newCompanyFees, commission: Math.round(commission) };
  });
}

/** The placements report of a range of joining months. */
export async function placementReport(
  db: Queryable,
  range: MonthRange,
  rates: CommissionRates,
): Promise<Omit<PlacementReport, 'from' | 'to'>> {
  const [total] = await db.query<{ placements: number; fees: string; median: number | null }>(
    `select count(*)::int as placements, coalesce(sum(p.fee), 0)::bigint as fees, ${MEDIAN} as median from placements p where ${IN_RANGE}`,
    [range.from, range.until],
  );
  const cityMonths = await db.query<{ city: string; month: string; placements: number; median: number }>(
    `select coalesce(p.franchise_city, '${HEAD_OFFICE}') as city, to_char(p.joining_date, 'YYYY-MM') as month,
            count(*)::int as placements, ${MEDIAN} as median
       from placements p where ${IN_RANGE} group by 1, 2 order by 2 desc, 1`,
    [range.from, range.until],
  );
  return {
    total: {
      placements: total?.placements ?? 0,
      fees: Number(total?.fees ?? 0),
      medianDays: total?.median == null ? null : Number(total.median),
    },
    byCityMonth: cityMonths.map((r) => ({ city: r.city, month: r.month, placements: r.placements, medianDays: Number(r.median) })),
    byCity: await groupedBy(db, range, `coalesce(p.franchise_city, '${HEAD_OFFICE}')`),
    byRecruiter: await groupedBy(db, range, `coalesce(${staffName('r')}, 'No recruiter')`, 'left join users r on r.id = p.recruiter_id'),
    commission: { rates, franchises: await commissionsIn(db, range, rates) },
    placements: await placementsIn(db, range, 200),
  };
}

/** The latest joining date recorded (YYYY-MM-DD), or null when there is no placement. */
export async function latestJoining(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ day: string | null }>(`select to_char(max(joining_date), 'YYYY-MM-DD') as day from placements`);
  return row?.day ?? null;
}

/** Sets a placement's invoice status; false when there is no such placement. */
export async function setInvoiceStatus(db: Queryable, id: string, status: InvoiceStatus): Promise<boolean> {
  const rows = await db.query('update placements set invoice_status = $2, updated_at = now() where id = $1 returning id', [id, status]);
  return rows.length > 0;
}
