import { useId, useState, type ReactNode } from 'react';
import type { Assignee, LeadFacets } from '../../shared/api/leads';
import { LEAD_STATUSES } from '../../shared/lead-statuses';
import { SearchFilter } from '../../ui/list-filters';
import { DisclosureButton } from '../../ui/disclosure-button';
import { STATUS_LABELS, personName } from './lead-labels';
import { FILTER_KEYS, type FilterKey, type Filters } from './use-lead-params';

interface LeadFiltersProps {
  filters: Filters;
  onFilter: (key: FilterKey, value: string) => void;
  onClear: () => void;
  facets: LeadFacets | undefined;
  /** Whose leads to filter by: an admin picks any BDE; an FBDE, who also sees city leads, picks 'me'. */
  assigned: { assignees: Assignee[] } | 'mine' | null;
  showCollection: boolean;
  children?: ReactNode;
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** Filters of the leads list; every choice is in the address. */
export function LeadFilters({ filters, onFilter, onClear, facets, assigned, showCollection, children }: LeadFiltersProps) {
  const any = FILTER_KEYS.some((k) => filters[k]);
  // On a phone the menus fold behind one button, which says how many of them are on; the search stays in view.
  const [unfolded, setUnfolded] = useState(false);
  const moreId = useId();
  const on = FILTER_KEYS.filter((k) => k !== 'q' && filters[k]).length;
  // A value from a link that the options do not (yet) hold still shows as chosen.
  const withCurrent = (values: string[], current: string) => (current && !values.includes(current) ? [...values, current] : values);
  return (
    <form className="portal-filters leads-filters" role="search" aria-label="Filter leads" onSubmit={(e) => e.preventDefault()}>
      <SearchFilter
        className="leads-search"
        maxLength={200}
        value={filters.q}
        placeholder="Name, email, phone or any text"
        onChange={(q) => onFilter('q', q)}
      />
      <DisclosureButton className="button button-light leads-filter-toggle" open={unfolded} controls={moreId} onToggle={setUnfolded}>
        Filters{on ? ` (${on} on)` : ''}
      </DisclosureButton>
      <div className="leads-filter-more" id={moreId} data-unfolded={unfolded || undefined}>
        <Select label="Form" value={filters.form} onChange={(v) => onFilter('form', v)}>
          <option value="">All forms</option>
          {withCurrent(facets?.forms.map((f) => f.id) ?? [], filters.form).map((id) => (
            <option key={id} value={id}>
              {facets?.forms.find((f) => f.id === id)?.title ?? id}
            </option>
          ))}
        </Select>
        {showCollection ? (
          <Select label="Collection" value={filters.collection} onChange={(v) => onFilter('collection', v)}>
            <option value="">All collections</option>
            {withCurrent(facets?.collections ?? [], filters.collection).map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        ) : null}
        <Select label="City" value={filters.city} onChange={(v) => onFilter('city', v)}>
          <option value="">All cities</option>
          {withCurrent(facets?.cities ?? [], filters.city).map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
        <Select label="Source" value={filters.source} onChange={(v) => onFilter('source', v)}>
          <option value="">Any source</option>
          {withCurrent(facets?.sources ?? [], filters.source).map((source) => (
            <option key={source}>{source}</option>
          ))}
        </Select>
        <Select label="Status" value={filters.status} onChange={(v) => onFilter('status', v)}>
          <option value="">Any status</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        {assigned ? (
          <Select label="Assigned to" value={filters.assigned} onChange={(v) => onFilter('assigned', v)}>
            <option value="">Anyone</option>
            {assigned === 'mine' ? <option value="me">Me</option> : null}
            <option value="none">Nobody yet</option>
            {assigned !== 'mine'
              ? assigned.assignees.map((u) => (
                  <option key={u.id} value={u.id}>
                    {personName(u)} ({u.role}
                    {u.city ? `, ${u.city}` : ''})
                  </option>
                ))
              : null}
          </Select>
        ) : null}
        <label>
          From
          <input type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => onFilter('from', e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => onFilter('to', e.target.value)} />
        </label>
      </div>
      <div className="leads-filter-actions">
        {any ? (
          <button type="button" className="button button-light" onClick={onClear}>
            Clear filters
          </button>
        ) : null}
        {children}
      </div>
    </form>
  );
}
