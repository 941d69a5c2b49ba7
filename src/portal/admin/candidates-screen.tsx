import { EmptyState, LoadState, PortalPage } from '../../ui/portal-page';
import { Pagination } from '../../ui/pagination';
import { useApi } from '../../ui/use-api';
import { formatDateTime } from '../../shared/india-time';
import type { CandidateList } from './admin-types';
import { useListParams } from './use-list-params';

const PAGE_SIZE = 25;
const trail = [{ label: 'Admin', to: '/admin' }];

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** /admin/candidates: the city registrations and student leads, newest first, with their resumes. */
export default function CandidatesScreen() {
  const { values, page, set, query } = useListParams(['search', 'city'] as const);
  const { data, error, loading, reload } = useApi<CandidateList>(`/api/admin/candidates?${query(PAGE_SIZE)}`);
  const filtered = Boolean(values.search || values.city);
  return (
    <PortalPage title="Candidates" trail={trail}>
      <form className="portal-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search
          <input type="search" value={values.search} placeholder="Name, email, phone or skills" onChange={(e) => set({ search: e.target.value }, true)} />
        </label>
        <label>
          City
          <select value={values.city} onChange={(e) => set({ city: e.target.value })}>
            <option value="">All cities</option>
            {(data?.cities ?? (values.city ? [values.city] : [])).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </form>
      <LoadState loading={loading && !data} error={error} onRetry={reload} />
      {data && !data.candidates.length ? (
        <EmptyState title={filtered ? 'No candidates match' : 'No candidates yet'}>
          {filtered
            ? 'Try another search or city.'
            : 'Candidates appear here as students and job seekers register on the city pages, with the resumes they upload.'}
        </EmptyState>
      ) : null}
      {data?.candidates.length ? (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Registered</th>
                <th scope="col">Candidate</th>
                <th scope="col">City</th>
                <th scope="col">Profile</th>
                <th scope="col">Status</th>
                <th scope="col">Resume</th>
              </tr>
            </thead>
            <tbody>
              {data.candidates.map((c) => (
                <tr key={c.id}>
                  <td>{formatDateTime(c.createdAt)}</td>
                  <td>
                    <strong>{c.name ?? '-'}</strong>
                    {c.email ? (
                      <div>
                        <a href={`mailto:${c.email}`}>{c.email}</a>
                      </div>
                    ) : null}
                    {c.phone ? (
                      <div>
                        <a href={`tel:${c.phone}`}>{c.phone}</a>
                      </div>
                    ) : null}
                  </td>
                  <td>{c.city ?? '-'}</td>
                  <td>
                    <dl className="admin-profile">
                      {c.role ? (
                        <>
                          <dt>Is a</dt>
                          <dd>{c.role}</dd>
                        </>
                      ) : null}
                      {c.experience ? (
                        <>
                          <dt>Experience</dt>
                          <dd>{c.experience}</dd>
                        </>
                      ) : null}
                      {c.industry ? (
                        <>
                          <dt>Industry</dt>
                          <dd>{c.industry}</dd>
                        </>
                      ) : null}
                      {c.skills ? (
                        <>
                          <dt>Skills</dt>
                          <dd>{c.skills}</dd>
                        </>
                      ) : null}
                      {c.description ? (
                        <>
                          <dt>Note</dt>
                          <dd>{c.description}</dd>
                        </>
                      ) : null}
                    </dl>
                  </td>
                  <td>
                    <span className={`status-badge status-${c.status}`}>{c.status}</span>
                  </td>
                  <td>
                    {c.resume ? (
                      <a href={`/api/admin/candidates/${c.id}/resume`} download={c.resume.name}>
                        Download <span className="admin-muted">({size(c.resume.size)})</span>
                      </a>
                    ) : (
                      <span className="admin-muted">None</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data ? <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => set({ page: String(p) })} /> : null}
    </PortalPage>
  );
}
