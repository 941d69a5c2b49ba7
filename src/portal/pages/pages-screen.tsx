import { useSearchParams } from 'react-router-dom';
import { PortalPage, QueryView } from '../../ui/portal-page';
import { PageEditor } from './page-editor';
import { PageList } from './page-list';
import { useEditablePage, useEditorSchemas, usePageList } from './page-queries';

/** /admin/pages: every page of the site, and with ?route= the editor of one. For ADMIN and MARKETING. */
export default function PagesScreen() {
  const [params] = useSearchParams();
  const route = params.get('route');
  return route ? <EditPage route={route} /> : <AllPages />;
}

function AllPages() {
  const pages = usePageList();
  return (
    <PortalPage title="Pages">
      <QueryView query={pages}>{({ pages: list, templates }) => <PageList pages={list} templates={templates} />}</QueryView>
    </PortalPage>
  );
}

function EditPage({ route }: { route: string }) {
  const page = useEditablePage(route);
  const schemas = useEditorSchemas();
  return (
    <PortalPage
      title={`Edit ${route}`}
      trail={[{ label: 'Pages', to: '/admin/pages' }]}
      actions={
        <a className="button button-light" href={route} target="_blank" rel="noopener">
          View the published page
        </a>
      }
    >
      <QueryView query={schemas}>
        {(loaded) => <QueryView query={page}>{(editable) => <PageEditor key={route} page={editable} schemas={loaded} />}</QueryView>}
      </QueryView>
    </PortalPage>
  );
}
