import { useId } from 'react';
import type { PlacementFields as Placement } from '../../../shared/api/pipeline';
import {
  FEE_TYPES,
  FEE_TYPE_LABELS,
  INVOICE_LABELS,
  INVOICE_STATUSES,
  type FeeType,
  type InvoiceStatus,
} from '../../../shared/pipeline-stages';

/** What the placement form holds while it is typed: numbers as typed, checked on sending. */
export interface PlacementDraft {
  joiningDate: string;
  ctc: string;
  feeType: FeeType;
  /** The share of CTC in per cent, for a share-of-CTC fee: it works the fee out. */
  share: string;
  fee: string;
  invoiceStatus: InvoiceStatus;
  franchiseCity: string;
  newCompany: boolean;
}

export const emptyPlacement = (): PlacementDraft => ({
  joiningDate: '',
  ctc: '',
  feeType: 'fixed',
  share: '',
  fee: '',
  invoiceStatus: 'to-invoice',
  franchiseCity: '',
  newCompany: false,
});

/** A field of rupees as typed: digits, with commas, spaces or ₹ as people write them. */
const RUPEES = { inputMode: 'numeric', required: true, pattern: '[0-9,₹ ]+' } as const;

const rupees = (typed: string) => Number(typed.replace(/[,\s₹]/g, ''));

/** The placement as the API takes it; the server checks it again and says what is wrong. */
export const placementOf = (d: PlacementDraft): Placement => ({
  joiningDate: d.joiningDate,
  ctc: rupees(d.ctc),
  feeType: d.feeType,
  fee: rupees(d.fee),
  invoiceStatus: d.invoiceStatus,
  franchiseCity: d.franchiseCity.trim() || null,
  newCompany: d.newCompany,
});

/** A share-of-CTC fee from the CTC and the share, in whole rupees; the typed fee when either is missing. */
function feeFromShare(d: PlacementDraft): string {
  const ctc = rupees(d.ctc);
  const share = Number(d.share);
  return ctc > 0 && share > 0 ? String(Math.round((ctc * share) / 100)) : d.fee;
}

/** What a move to Joined records: joining date, CTC, fee type and fee, invoice status, franchise city, new company. */
export function PlacementFields({ value, onChange }: { value: PlacementDraft; onChange: (next: PlacementDraft) => void }) {
  const id = useId();
  const set = (patch: Partial<PlacementDraft>) => {
    const next = { ...value, ...patch };
    onChange(
      next.feeType === 'ctc-share' && ('ctc' in patch || 'share' in patch || 'feeType' in patch)
        ? { ...next, fee: feeFromShare(next) }
        : next,
    );
  };
  return (
    <fieldset className="placement-fields">
      <legend>Placement</legend>
      <label htmlFor={`${id}-date`}>Joining date</label>
      <input id={`${id}-date`} type="date" required value={value.joiningDate} onChange={(e) => set({ joiningDate: e.target.value })} />
      <label htmlFor={`${id}-ctc`}>CTC (₹ a year)</label>
      <input id={`${id}-ctc`} {...RUPEES} value={value.ctc} onChange={(e) => set({ ctc: e.target.value })} />
      <label htmlFor={`${id}-type`}>Fee type</label>
      <select id={`${id}-type`} value={value.feeType} onChange={(e) => set({ feeType: e.target.value as FeeType })}>
        {FEE_TYPES.map((t) => (
          <option key={t} value={t}>
            {FEE_TYPE_LABELS[t]}
          </option>
        ))}
      </select>
      {value.feeType === 'ctc-share' ? (
        <>
          <label htmlFor={`${id}-share`}>Share of CTC (%)</label>
          <input
            id={`${id}-share`}
            inputMode="decimal"
            pattern="[0-9]+(\.[0-9]+)?"
            value={value.share}
            onChange={(e) => set({ share: e.target.value })}
          />
        </>
      ) : null}
      <label htmlFor={`${id}-fee`}>Fee (₹)</label>
      <input id={`${id}-fee`} {...RUPEES} value={value.fee} onChange={(e) => set({ fee: e.target.value })} />
      <label htmlFor={`${id}-invoice`}>Invoice</label>
      <select id={`${id}-invoice`} value={value.invoiceStatus} onChange={(e) => set({ invoiceStatus: e.target.value as InvoiceStatus })}>
        {INVOICE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {INVOICE_LABELS[s]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-city`}>Franchise city</label>
      <input
        id={`${id}-city`}
        aria-describedby={`${id}-city-help`}
        maxLength={80}
        value={value.franchiseCity}
        onChange={(e) => set({ franchiseCity: e.target.value })}
      />
      <small id={`${id}-city-help`} className="field-help">
        Empty for the head office.
      </small>
      <label className="placement-new-company">
        <input type="checkbox" checked={value.newCompany} onChange={(e) => set({ newCompany: e.target.checked })} />
        The company is new to us
      </label>
    </fieldset>
  );
}
