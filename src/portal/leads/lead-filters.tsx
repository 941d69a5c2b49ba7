import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Assignee, LeadFacets } from '../../shared/api/leads';
import { LEAD_STATUSES } from '../../shared/lead-statuses';
import { isSearchable, SEARCH_TOO_SHORT } from '../../shared/lead-search';
import { STATUS_LABELS, personName } from './lead-labels';
import { FILTER_KEYS, type FilterKey, type Filters } from './use-lead-params';

const SEARCH_DELAY_MS = 350;

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

/**
 * The search box: the list follows the typing after a pause, and the address keeps the text. Text too short for the
 * index to look up is not sent; the box says what it needs instead.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  // The address can change under the box (Back, Clear filters): show what it says.
  useEffect(() => {
    if (value !== sent.current) setText((sent.current = value));
  }, [value]);
  const tooShort = text.trim() !== '' && !isSearchable(text.trim());
  useEffect(() => {
    if (text === sent.current || tooShort) return;
    const timer = setTimeout(() => search.current((sent.current = text)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, tooShort]);
  return (
    <label className="leads-search">
      Search
      <input
        type="search"
        value={text}
        maxLength={200}
        placeholder="Name, email, phone or any text"
        aria-describedby={tooShort ? 'leads-search-hint' : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {tooShort ? (
        <small id="leads-search-hint" className="leads-muted">
          {SEARCH_TOO_SHORT}
        </small>
      ) : null}
    </label>
  );
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
  // A value from a link that the options do not (yet) hold still shows as chosen.
  const withCurrent = (values: string[], current: string) => (current && !values.includes(current) ? [...values, current] : values);
  return (
    <form className="portal-filters leads-filters" role="search" aria-label="Filter leads" onSubmit={(e) => e.preventDefault()}>
      <SearchBox value={filters.q} onSearch={(q) => onFilter('q', q)} />
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
