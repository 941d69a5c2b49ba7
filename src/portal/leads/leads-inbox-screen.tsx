import { PortalPage } from '../../ui/portal-page';
import { LeadsBrowser } from './leads-browser';

/** /view-forms: every submission of every form, for the admin to sort, assign, follow up and export. */
export default function LeadsInboxScreen() {
  return (
    <PortalPage title="Submitted Forms" trail={[{ label: 'Admin', to: '/admin' }]}>
      <LeadsBrowser empty={{ title: 'No leads yet', text: 'No leads yet: they appear here as visitors submit the forms on the site.' }} />
    </PortalPage>
  );
}
