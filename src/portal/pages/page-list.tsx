import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CityTemplateSummary, PageStatus, PageSummary } from '../../shared/api/page-editor';
import { fillSite } from '../../content/site';
import { formatDateTime } from '../../shared/india-time';
import { ApiError } from '../../lib/api-client';
import { Notice } from '../../ui/notice';
import { useNewCityPage } from './page-queries';
import { DataTable } from '../../ui/data-table';

export const statusLabel: Record<PageStatus, string> = {
  file: 'Published from its file',
  edited: 'Published (edited here)',
  draft: 'Draft: unpublished changes',
  scheduled: 'Scheduled',
};

const editorLink = (route: string) => `/admin/pages?route=${encodeURIComponent(route)}`;

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** New city: what `npm run new-page` does, as a draft to review before publishing. */
function NewCityForm({ templates }: { templates: CityTemplateSummary[] }) {
  const make = useNewCityPage();
  const navigate = useNavigate();
  const [template, setTemplate] = useState(templates[0]?.name ?? '');
  const [name, setName] = useState('');
  const [route, setRoute] = useState('');
  // The new city's own facts: the template brings words and a layout, no other city's facts.
  const [facts, setFacts] = useState({ state: '', street: '', postalCode: '', phone: '' });
  const fact = (key: keyof typeof facts) => ({
    value: facts[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setFacts({ ...facts, [key]: event.target.value }),
  });
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const suggested = name ? `/franchise/${slugOf(name)}` : '';
  const chosen = templates.find((t) => t.name === template);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    try {
      const { phone, ...required } = facts;
      const made = await make.mutateAsync({
        template,
        name: name.trim(),
        route: route || suggested,
        ...required,
        ...(phone.trim() ? { phone: phone.trim() } : {}),
      });
      void navigate(editorLink(made.page.route));
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong.' });
    }
  };

  return (
    <form className="new-city-form" onSubmit={(event) => void submit(event)} aria-labelledby="new-city-title">
      <h2 id="new-city-title">New city</h2>
      <div>
        <label htmlFor="new-city-template">Layout</label>
        <select
          id="new-city-template"
          value={template}
          onChange={(event) => setTemplate(event.target.value)}
          aria-describedby="new-city-template-help"
        >
          {templates.map((t) => (
            <option key={t.name} value={t.name}>
              {t.title}
            </option>
          ))}
        </select>
        <p id="new-city-template-help" className="field-help">
          {chosen?.description}
        </p>
      </div>
      <div>
        <label htmlFor="new-city-name">City name</label>
        <input id="new-city-name" value={name} onChange={(event) => setName(event.target.value)} required maxLength={80} />
      </div>
      <div>
        <label htmlFor="new-city-route">Web address</label>
        <input
          id="new-city-route"
          value={route}
          placeholder={suggested || '/franchise/pune'}
          onChange={(event) => setRoute(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor="new-city-state">State</label>
        <input id="new-city-state" {...fact('state')} required maxLength={80} aria-describedby="new-city-state-help" />
        <p id="new-city-state-help" className="field-help">
          The state or union territory, e.g. Maharashtra.
        </p>
      </div>
      <div>
        <label htmlFor="new-city-street">Office address</label>
        <input id="new-city-street" {...fact('street')} required maxLength={200} aria-describedby="new-city-street-help" />
        <p id="new-city-street-help" className="field-help">
          Everything before the city: office, floor, building, road, e.g. 3rd Floor, Tower B, Baner Road.
        </p>
      </div>
      <div>
        <label htmlFor="new-city-pin">PIN code</label>
        <input id="new-city-pin" {...fact('postalCode')} required inputMode="numeric" pattern="[0-9]{6}" maxLength={6} aria-describedby="new-city-pin-help" />
        <p id="new-city-pin-help" className="field-help">
          Six digits, e.g. 411045.
        </p>
      </div>
      <div>
        <label htmlFor="new-city-phone">Office phone (optional)</label>
        <input id="new-city-phone" type="tel" {...fact('phone')} maxLength={40} aria-describedby="new-city-phone-help" />
        <p id="new-city-phone-help" className="field-help">
          E.g. +91 20 4567 8901; spaces are fine. Empty: the page shows the head office's.
        </p>
      </div>
      <button type="submit" className="button button-primary" disabled={make.isPending || !name.trim()}>
        Make the page
      </button>
      <Notice notice={notice} />
    </form>
  );
}

/** Every page with its route and where it stands, and New city with the templates a city page is made from. */
export function PageList({ pages, templates }: { pages: PageSummary[]; templates: CityTemplateSummary[] }) {
  return (
    <>
      <DataTable
        cards
        caption="Pages"
        className="page-list"
        rows={pages}
        rowKey={(p) => p.route}
        empty={{ title: 'No pages yet' }}
        columns={[
          { header: 'Route', cardTitle: true, cell: (p) => <Link to={editorLink(p.route)}>{p.route}</Link> },
          { header: 'Title', cell: (p) => fillSite(p.title) },
          {
            header: 'Status',
            cell: (p) => `${statusLabel[p.status]}${p.scheduledAt ? ` for ${formatDateTime(p.scheduledAt)}` : ''}`,
          },
          { header: 'Last saved', cell: (p) => (p.updatedAt ? `${formatDateTime(p.updatedAt)} by ${p.updatedBy}` : '–') },
        ]}
      />
      {templates.length ? <NewCityForm templates={templates} /> : null}
    </>
  );
}
