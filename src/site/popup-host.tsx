import { lazy, Suspense, useCallback, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useSite } from './use-site';
import { FormView } from '../forms/lazy-form-view';
import { preloadForm } from '../content/page-bundle';
import { COMPLAINT_FORM } from '../shared/complaint-form';
import { popupRequestOf, type PopupRequest } from '../ui/popups';
import { Modal } from '../ui/modal';
import { documentLocale } from '../ui/site-navigation';
import { usePageWords } from '../ui/page-words';

// The complaint form (captcha, image upload) loads when a visitor opens it, its definition and validator alongside.
const ComplaintPopup = lazy(() => {
  void preloadForm(COMPLAINT_FORM, documentLocale());
  return import('./complaint-popup').then((m) => ({ default: m.ComplaintPopup }));
});

function Loading() {
  return (
    <p className="loading" role="status">
      Loading the form…
    </p>
  );
}

/** One of the site's forms in a dialog; sending it (or closing) closes the dialog. */
function FormDialog({ title, use, onClose }: { title: string; use: ComponentProps<typeof FormView>['use']; onClose: () => void }) {
  return (
    <Modal title={title} onClose={onClose} className="form-dialog">
      <Suspense fallback={<Loading />}>
        <FormView use={use} onDone={onClose} />
      </Suspense>
    </Modal>
  );
}

/**
 * Holds the overlays buttons open (see src/ui/popups.ts): the contact form, the franchise application, event
 * registration, complaint. A click on any popup button of the page opens its popup.
 */
export function usePopupHost(): ReactNode {
  const site = useSite();
  const words = usePageWords();
  const [open, setOpen] = useState<PopupRequest | null>(null);
  const close = useCallback(() => setOpen(null), []);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const request = popupRequestOf(event.target);
      if (request) setOpen(request);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  if (open?.id === 'contact') return <FormDialog title={site.navigation.contactUs} use={{ form: 'contact' }} onClose={close} />;
  if (open?.id === 'franchise-apply')
    return <FormDialog title={words['popup.franchiseApply']} use={{ form: 'franchise-apply' }} onClose={close} />;
  if (open?.id === 'event-registration')
    return (
      <FormDialog
        title={words['popup.eventRegistration']}
        use={{ form: 'event-registration', fixed: { event: open.event ?? '' } }}
        onClose={close}
      />
    );
  if (open?.id === 'complaint')
    return (
      <Suspense fallback={null}>
        <ComplaintPopup onClose={close} />
      </Suspense>
    );
  return null;
}
