import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Search } from 'lucide-react';
import { site } from '../../content/site';
import { QueryState } from '../../ui/portal-page';
import { Pagination, pagingOf, type PageCursor } from '../../ui/pagination';
import { useListParams } from '../../ui/use-list-params';
import { JobCard } from './components/job-card';
import { SEARCH_MIN, isSearchable } from '../../shared/lead-search';
import { useCityPageNames, useJobOpenings } from './job-queries';
import { openingsPageOf } from '../../shared/job-openings-pages';
import { useJobWords } from './job-words';
import { JOB_LOCALES } from '../../shared/job-locales';
import { DEFAULT_LOCALE, languageAlternates } from '../../shared/locales';
import { hrefIn } from '../../ui/site-navigation';

/**
 * /job-openings?page&location&q (and /hi/job-openings in Hindi): open jobs for visitors. The footer's "Jobs in Pune" links land here filtered, and
 * the page's number is in the address too, so any page of a search can be shared, indexed and gone back to.
 */
export default function JobOpeningsScreen() {
  const { values, set } = useListParams(['location', 'q'] as const);
  const [address, setAddress] = useSearchParams();
  const location = values.location.trim();
  const q = values.q.trim();
  const page = openingsPageOf(address);
  const words = useJobWords();
  const { say, tag } = words;
  const openings = useJobOpenings(address, words.locale);
  // The site's locations, then the cities with an office of their own (their pages), each once.
  const chips = [...new Set([...site.footer.locations, ...useCityPageNames()])];
  const { data } = openings;

  function show(next: { location?: string; q?: string }) {
    set({ location, q, ...next });
  }

  /** Next and Previous move one page number on; the first page's address names none. */
  function goTo({ after }: PageCursor) {
    const next = after ? page + 1 : page - 1;
    setAddress((previous) => {
      const changed = new URLSearchParams(previous);
      if (next > 1) changed.set('page', String(next));
      else changed.delete('page');
      return changed;
    });
    window.scrollTo({ top: 0 });
  }

  const heading = location ? say('headingIn', { city: location }) : say('heading');
  // "12 openings", or "More than 1,000 openings" where the server stopped counting.
  const countWords = data && say(data.totalExact ? 'openings' : 'moreThan', { n: data.total.toLocaleString(tag) });
  const alternates = languageAlternates(`/job-openings${useLocation().search}`, [DEFAULT_LOCALE, ...JOB_LOCALES], site.url);
  return (
    <section className="block job-openings">
      <title>{`${heading} | ${site.brand.name}`}</title>
      <meta name="description" content={location ? say('descriptionIn', { city: location }) : say('description')} />
      {alternates.map(({ hreflang, href }) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
      ))}
      <div className="container">
        <header className="job-openings-header">
          <h1>{heading}</h1>
          <p>{say('intro')}</p>
        </header>
        {/* Keyed by the address so the inputs follow a footer link clicked while on this page. */}
        <Filters key={`${location}|${q}`} location={location} q={q} cities={chips} onSearch={(f) => show(f)} />
        <nav className="job-city-chips" aria-label={say('byCity')}>
          {chips.map((city) => (
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
                {data.total === 1 ? say('oneOpening') : countWords}
                {location ? say('countIn', { city: location }) : ''}
                {q ? say('countMatching', { q }) : ''}
              </p>
              <ul className="job-list">
                {data.items.map((job) => (
                  <JobCard key={job.id} job={job} />
                ))}
              </ul>
              <Pagination
                {...pagingOf(data, goTo, 'openings')}
                words={{
                  previous: say('previous'),
                  next: say('next'),
                  pages: say('pages'),
                  count: countWords ?? '',
                }}
              />
            </>
          ) : (
            <div className="empty-state" role="status">
              <h2>
                {page > 1
                  ? say('noneOnPage', { n: page })
                  : location
                    ? say('noneIn', { city: location })
                    : q
                      ? say('noneMatching', { q })
                      : say('none')}
              </h2>
              <p>
                {say('newEveryWeek')}{' '}
                {page > 1 ? (
                  // An old link to a page the list no longer reaches: the same search from its first page.
                  <button type="button" className="link-button" onClick={() => show({})}>
                    {say('firstPage')}
                  </button>
                ) : location || q ? (
                  <button type="button" className="link-button" onClick={() => show({ location: '', q: '' })}>
                    {say('seeAll')}
                  </button>
                ) : null}
              </p>
              <p>
                {say('hiring')} <Link to={hrefIn('/free-job-posting', words.locale)}>{say('postFree')}</Link>.
              </p>
            </div>
          )
        ) : null}
      </div>
    </section>
  );
}

function Filters({
  location,
  q,
  cities,
  onSearch,
}: {
  location: string;
  q: string;
  /** The cities the location box suggests: the chips'. */
  cities: string[];
  onSearch: (f: { location: string; q: string }) => void;
}) {
  const [text, setText] = useState(q);
  const [city, setCity] = useState(location);
  const [tooShort, setTooShort] = useState(false);
  const { say } = useJobWords();
  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { location: city.trim(), q: text.trim() };
    // The openings are looked up by three letters or digits in a row at least; say so rather than send less.
    const short = [next.location, next.q].some((v) => v !== '' && !isSearchable(v));
    setTooShort(short);
    if (!short) onSearch(next);
  }
  return (
    <form className="portal-filters job-filters" role="search" onSubmit={submit}>
      <label>
        {say('search')}
        <input
          type="search"
          value={text}
          maxLength={100}
          placeholder={say('searchPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <label>
        {say('location')}
        <input list="job-locations" value={city} maxLength={80} placeholder={say('anyCity')} onChange={(e) => setCity(e.target.value)} />
        <datalist id="job-locations">
          {cities.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </label>
      <button type="submit" className="button">
        <Search size={18} aria-hidden="true" /> {say('search')}
      </button>
      {tooShort ? (
        <p className="form-hint" role="alert">
          {say('searchTooShort', { n: SEARCH_MIN })}
        </p>
      ) : null}
    </form>
  );
}
