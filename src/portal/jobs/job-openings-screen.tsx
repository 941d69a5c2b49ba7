import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Search } from 'lucide-react';
import { site } from '../../content/site';
import { QueryState } from '../../ui/portal-page';
import { Pagination } from '../../ui/pagination';
import { JobCard } from './components/job-card';
import { useJobOpenings } from './job-queries';

/** /job-openings?page&location&q: open jobs for visitors. The footer's "Jobs in Pune" links land here filtered. */
export default function JobOpeningsScreen() {
  const [params, setParams] = useSearchParams();
  const location = params.get('location')?.trim() ?? '';
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (location) query.set('location', location);
  if (q) query.set('q', q);
  const openings = useJobOpenings(query.toString());
  const { data } = openings;

  /** Filters live in the address, so a filtered list can be shared, bookmarked and reached from the footer. */
  function show(next: { location?: string; q?: string; page?: number }) {
    const merged = { location, q, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.location) out.set('location', merged.location);
    if (merged.q) out.set('q', merged.q);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  }

  const heading = location ? `Jobs in ${location}` : 'Job Openings';
  return (
    <section className="block job-openings">
      <title>{`${heading} | ${site.brand.name}`}</title>
      <meta
        name="description"
        content={`Current job openings${location ? ` in ${location}` : ''} from ${site.brand.name}'s hiring partners. Apply free.`}
      />
      <div className="container">
        <header className="job-openings-header">
          <h1>{heading}</h1>
          <p>Openings from our hiring partners across India. Applying is always free.</p>
        </header>
        {/* Keyed by the address so the inputs follow a footer link clicked while on this page. */}
        <Filters key={`${location}|${q}`} location={location} q={q} onSearch={(f) => show(f)} />
        <nav className="job-city-chips" aria-label="Jobs by city">
          {site.footer.locations.map((city) => (
            <button
              key={city}
              type="button"
              className={`job-chip${city.toLowerCase() === location.toLowerCase() ? ' is-active' : ''}`}
              aria-pressed={city.toLowerCase() === location.toLowerCase()}
              onClick={() => show({ location: city.toLowerCase() === location.toLowerCase() ? '' : city })}
            >
              {city}
            </button>
          ))}
        </nav>
        <QueryState query={openings} />
        {data ? (
          data.items.length ? (
            <>
              <p className="job-count" role="status">
                {data.total === 1 ? '1 opening' : `${data.total} openings`}
                {location ? ` in ${location}` : ''}
                {q ? ` matching “${q}”` : ''}
              </p>
              <ul className="job-list">
                {data.items.map((job) => (
                  <JobCard key={job.id} job={job} />
                ))}
              </ul>
              <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => show({ page: p })} />
            </>
          ) : (
            <div className="empty-state" role="status">
              <h2>
                {location
                  ? `No openings in ${location} right now…`
                  : q
                    ? `No openings matching “${q}” right now…`
                    : 'No openings right now…'}
              </h2>
              <p>
                New jobs are posted every week.{' '}
                {location || q ? (
                  <button type="button" className="link-button" onClick={() => show({ location: '', q: '' })}>
                    See all openings
                  </button>
                ) : null}
              </p>
              <p>
                Hiring? <Link to="/free-job-posting">Post a job for free</Link>.
              </p>
            </div>
          )
        ) : null}
      </div>
    </section>
  );
}

function Filters({ location, q, onSearch }: { location: string; q: string; onSearch: (f: { location: string; q: string }) => void }) {
  const [text, setText] = useState(q);
  const [city, setCity] = useState(location);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({ location: city.trim(), q: text.trim() });
  }
  return (
    <form className="portal-filters job-filters" role="search" onSubmit={submit}>
      <label>
        Search
        <input type="search" value={text} maxLength={100} placeholder="Title, company or skill" onChange={(e) => setText(e.target.value)} />
      </label>
      <label>
        Location
        <input list="job-locations" value={city} maxLength={80} placeholder="Any city" onChange={(e) => setCity(e.target.value)} />
        <datalist id="job-locations">
          {site.footer.locations.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </label>
      <button type="submit" className="button">
        <Search size={18} aria-hidden="true" /> Search
      </button>
    </form>
  );
}
