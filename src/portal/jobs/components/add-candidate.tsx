import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api-query';
import { FormBanner } from '../../../ui/form-banner';
import { SaveMessage, useSaveResult } from '../../../ui/save-message';
import { shownPhone } from '../../../ui/stored-phone';
import { SEARCH_TOO_SHORT, isSearchable } from '../../../shared/lead-search';
import type { LeadPage } from '../../../shared/api/leads';
import type { AddCandidateBody } from '../../../shared/api/pipeline';
import { usePipelineChange } from '../job-queries';

/** How many leads a search offers: enough to pick the right person, few enough to read on a phone. */
const OFFERED = 5;

/** Finds a city registration or a lead by name, phone or e-mail and adds the person to the job as a candidate. */
export function AddCandidate({ jobId }: { jobId: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const { result, save } = useSaveResult();
  const path = `/api/leads?${new URLSearchParams({ q: searched, pageSize: String(OFFERED) })}`;
  const found = useQuery({ ...apiQuery<LeadPage>(['jobs', 'candidate-search', searched], path), enabled: searched !== '' });
  const add = usePipelineChange<AddCandidateBody>(jobId, () => ({ path: '/candidates', method: 'POST' }));

  function search(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim();
    setTooShort(!isSearchable(text));
    if (isSearchable(text)) setSearched(text);
  }

  const addLead = (leadId: string, name: string) =>
    save(async () => {
      await add.mutateAsync({ leadId });
      return `${name} added at Applied.`;
    });

  return (
    <section className="portal-card add-candidate" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="job-panel-heading">
        Add a candidate
      </h2>
      <form className="add-candidate-search" role="search" onSubmit={search}>
        <label htmlFor={`${id}-q`}>A registration or lead: name, phone or e-mail</label>
        <input id={`${id}-q`} type="search" maxLength={200} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" className="button button-light">
          Find
        </button>
      </form>
      {found.error ? <FormBanner message={found.error.message} /> : null}
      {found.data ? (
        found.data.items.length ? (
          <ul className="add-candidate-results">
            {found.data.items.map((lead) => (
              <li key={lead.id}>
                <span className="add-candidate-who">
                  <strong>{lead.name ?? lead.email ?? lead.reference}</strong>
                  <span className="add-candidate-facts">
                    {[lead.phone ? shownPhone(lead.phone) : null, lead.city, lead.reference].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button-light"
                  disabled={add.isPending}
                  onClick={() => void addLead(lead.id, lead.name ?? 'The person')}
                >
                  Add<span className="visually-hidden"> {lead.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">No registration or lead matches “{searched}”.</p>
        )
      ) : null}
      {tooShort ? <FormBanner message={SEARCH_TOO_SHORT} /> : null}
      <SaveMessage result={result} />
    </section>
  );
}
