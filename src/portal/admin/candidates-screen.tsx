import { Fragment } from 'react';
import { PortalPage, QueryView } from '../../ui/portal-page';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../shared/india-time';
import type { Candidate } from '../../shared/api/candidates';
import { useCandidates } from './admin-queries';
import { useListParams } from '../../ui/use-list-params';
import { SearchFilter, SelectFilter } from '../../ui/list-filters';
import { PhoneLink } from '../../ui/phone-link';

const PAGE_SIZE = 25;
const NONE_MATCH = { title: 'No candidates match', text: 'Try another search or city.' };
const NONE_YET = {
  title: 'No candidates yet',
  text: 'Candidates appear here as students and job seekers register on the city pages, with the resumes they upload.',
};
const trail = [{ label: 'Admin', to: '/admin' }];

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What a registration says about the person, the parts they filled in. */
function Profile({ c }: { c: Candidate }) {
  const facts: [string, string | null][] = [
    ['Is a', c.role],
    ['Experience', c.experience],
    ['Industry', c.industry],
    ['Skills', c.skills],
    ['Note', c.description],
  ];
  return (
    <dl className="admin-profile">
      {facts.map(([label, value]) =>
        value ? (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}

const columns: Column<Candidate>[] = [
  { header: 'Registered', cell: (c) => formatDateTime(c.createdAt) },
  {
    header: 'Candidate',
    cardTitle: true,
    cell: (c) => (
      <>
        <strong>{c.name ?? '-'}</strong>
        {c.email ? (
          <div>
            <a href={`mailto:${c.email}`}>{c.email}</a>
          </div>
        ) : null}
        {c.phone ? (
          <div>
            <PhoneLink phone={c.phone} />
          </div>
        ) : null}
      </>
    ),
  },
  { header: 'City', cell: (c) => c.city ?? '-' },
  { header: 'Profile', cell: (c) => <Profile c={c} /> },
  { header: 'Status', cell: (c) => <span className={`status-badge status-${c.status}`}>{c.status}</span> },
  {
    header: 'Resume',
    cell: (c) =>
      c.resume ? (
        <a href={`/api/admin/candidates/${c.id}/resume`} download={c.resume.name}>
          Download <span className="admin-muted">({size(c.resume.size)})</span>
        </a>
      ) : (
        <span className="admin-muted">None</span>
      ),
  },
];

/** /admin/candidates: the city registrations and student leads, newest first, with their resumes. */
export default function CandidatesScreen() {
  const { values, set, query, paging } = useListParams(['search', 'city'] as const);
  const candidates = useCandidates(query(PAGE_SIZE));
  const { data } = candidates;
  const filtered = Boolean(values.search || values.city);
  return (
    <PortalPage title="Candidates" trail={trail}>
      <form className="portal-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter value={values.search} placeholder="Name, email, phone or skills" onChange={(search) => set({ search }, true)} />
        <SelectFilter
          label="City"
          value={values.city}
          all="All cities"
          options={data?.cities ?? (values.city ? [values.city] : [])}
          onChange={(city) => set({ city })}
        />
      </form>
      <QueryView query={candidates}>
        {(list) => (
          <DataTable
            cards
            rows={list.candidates}
            caption="Candidates"
            columns={columns}
            empty={filtered ? NONE_MATCH : NONE_YET}
            paging={paging(list, 'candidates')}
          />
        )}
      </QueryView>
    </PortalPage>
  );
}
