import { useEffect, useState } from 'react';
import type { EditablePage, PageProblem, PageTranslation } from '../../shared/api/page-editor';
import { previewPage } from './page-queries';

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;
/** The frame's room on screen; a wider page is scaled down to it, as a thumbnail of the real width. */
const ROOM = 560;

/**
 * The page as a visitor would get it, rendered by the server with the site's own renderer (the build's prerender),
 * at a phone's or a desktop's width. It follows the edits a moment after typing stops; the problems the server found
 * come back with it.
 */
export function PagePreview({
  document,
  onChecked,
}: {
  document: EditablePage['document'];
  onChecked: (checked: { problems: PageProblem[]; translations: PageTranslation[] }) => void;
}) {
  const [width, setWidth] = useState<Width>('desktop');
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewPage(document, controller.signal)
        .then((reply) => {
          setHtml(reply.html);
          setFailed(false);
          onChecked(reply);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') setFailed(true);
        });
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [document, onChecked]);

  const px = WIDTHS[width];
  const scale = Math.min(1, ROOM / px);
  return (
    <section className="page-preview" aria-label="Preview">
      <div className="page-preview-bar" role="group" aria-label="Preview width">
        {(Object.keys(WIDTHS) as Width[]).map((w) => (
          <button key={w} type="button" className="button button-light" aria-pressed={w === width} onClick={() => setWidth(w)}>
            {w === 'phone' ? 'Phone' : 'Desktop'} ({WIDTHS[w]} px)
          </button>
        ))}
      </div>
      {failed ? <p role="alert">The preview could not be loaded; the editor keeps your changes.</p> : null}
      {html === '' ? <p role="status">Fill in the fields marked as problems to see the page.</p> : null}
      <div className="page-preview-room" style={{ width: px * scale, height: 900 * scale }}>
        <iframe
          title="Page preview"
          // Same origin for the page's styles and images; no scripts, so the preview is the server's HTML as rendered.
          sandbox="allow-same-origin"
          srcDoc={html ?? ''}
          style={{ width: px, height: 900, transform: `scale(${scale})` }}
        />
      </div>
    </section>
  );
}
