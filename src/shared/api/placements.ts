import { Type, type Static } from 'typebox';
import { INVOICE_STATUSES } from '../pipeline-stages';
import { Nullable } from './common';
import { Placement } from './pipeline';

/** Placements: what joined candidates bill, how long they took, and what each franchise earns. */

const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

/** The months a report covers (YYYY-MM, joining dates in them); the last twelve when not given. */
export const PlacementQuery = Type.Object({ from: Type.Optional(Month), to: Type.Optional(Month) }, { additionalProperties: false });
export type PlacementQuery = Static<typeof PlacementQuery>;

/** A placement as the report lists it. */
export const PlacementRow = Type.Object({
  ...Placement.properties,
  candidate: Nullable(Type.String()),
  jobId: Type.String(),
  jobTitle: Type.String(),
  companyName: Type.String(),
  recruiter: Nullable(Type.String()),
  appliedAt: Type.String(),
  /** Days from the application to the joining date (in India). */
  daysToJoin: Type.Integer(),
});
export type PlacementRow = Static<typeof PlacementRow>;

/** Placements grouped by something (a city, a recruiter, a month): how many, the fees, the median days to join. */
export const PlacementGroup = Type.Object({
  key: Type.String(),
  placements: Type.Integer(),
  fees: Type.Integer(),
  medianDays: Type.Number(),
});
export type PlacementGroup = Static<typeof PlacementGroup>;

/** What a franchise city earns on its placements, at the rates its page states. */
export const FranchiseCommission = Type.Object({
  city: Type.String(),
  fixedFees: Type.Integer(),
  ctcShareFees: Type.Integer(),
  newCompanyFees: Type.Integer(),
  commission: Type.Integer(),
});
export type FranchiseCommission = Static<typeof FranchiseCommission>;

export const PlacementReport = Type.Object({
  from: Type.String(),
  to: Type.String(),
  total: Type.Object({ placements: Type.Integer(), fees: Type.Integer(), medianDays: Nullable(Type.Number()) }),
  byCityMonth: Type.Array(
    Type.Object({ city: Type.String(), month: Type.String(), placements: Type.Integer(), medianDays: Type.Number() }),
  ),
  byCity: Type.Array(PlacementGroup),
  byRecruiter: Type.Array(PlacementGroup),
  commission: Type.Object({
    rates: Type.Object({ fixedHire: Type.Number(), ctcShare: Type.Number(), newCompanyBonus: Type.Number() }),
    franchises: Type.Array(FranchiseCommission),
  }),
  /** The newest placements of the months, up to 200 (the CSV has them all). */
  placements: Type.Array(PlacementRow),
});
export type PlacementReport = Static<typeof PlacementReport>;

export const InvoiceBody = Type.Object({ invoiceStatus: Type.Enum([...INVOICE_STATUSES]) }, { additionalProperties: false });
export type InvoiceBody = Static<typeof InvoiceBody>;
