import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../lib/use-session';
import { PortalPage } from '../../ui/portal-page';
import { LeadsBrowser } from './leads-browser';
import { useMyCity } from './lead-queries';
import { JOB_REQUESTS } from './lead-labels';
import { isFranchiseBde } from '../../shared/roles';
import { ToDoList } from './to-do-list';

// What to do first comes first: the To do list, then every lead and job request the person may see.
const TABS = [
  { id: 'to-do', label: 'To do' },
  {
    id: 'leads',
    label: 'My leads',
    fixed: { excludeCollection: JOB_REQUESTS },
    empty: { title: 'No leads for you yet', text: 'Leads appear here as they come to you, from the routing rules or an admin.' },
  },
  {
    id: 'job-requests',
    label: 'Job requests',
    fixed: { collection: JOB_REQUESTS },
    empty: {
      title: 'No job requests for you yet',
      text: 'Job requests from employers appear here as they come to you, from the routing rules or an admin.',
    },
  },
] as const;

/**
 * /bde-portal: a BDE's To do list, then their assigned leads and job requests; an FBDE's also include every lead of
 * their city.
 */
export default function BdePortalScreen() {
  const { role } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.id === params.get('tab')) ?? TABS[0];
  const { data: city } = useMyCity(isFranchiseBde(role));
  const show = (id: string) => {
    // A tab starts with its own filters: the address holds only the tab.
    if (id !== tab.id) setParams(id === TABS[0].id ? {} : { tab: id });
  };

  return (
    <PortalPage title="BDE Portal">
      {isFranchiseBde(role) ? (
        <p className="leads-note" role="note">
          {city
            ? `As a franchise BDE you also see every lead from ${city}, besides those assigned to you.`
            : 'As a franchise BDE you also see the leads of your city, besides those assigned to you.'}
        </p>
      ) : null}
      <div className="leads-tabs" role="tablist" aria-label="What to show">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === tab.id}
            aria-controls="bde-tab-panel"
            className="leads-tab"
            tabIndex={t.id === tab.id ? 0 : -1}
            onClick={() => show(t.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              const next = TABS[(TABS.indexOf(t) + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
              if (!next) return;
              show(next.id);
              document.getElementById(`tab-${next.id}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="bde-tab-panel" aria-labelledby={`tab-${tab.id}`}>
        {'fixed' in tab ? <LeadsBrowser key={tab.id} fixed={tab.fixed} empty={tab.empty} /> : <ToDoList />}
      </div>
    </PortalPage>
  );
}
