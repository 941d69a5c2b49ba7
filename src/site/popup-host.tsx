import { Suspense, useCallback, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { site } from '../content/site';
import { FormView } from '../forms/lazy-form-view';
import { type EventRegistration, type PopupId, type Popups } from '../ui/popups';
import { Modal } from '../ui/modal';
import { ComplaintPopup } from './complaint-popup';

type Open = { id: PopupId } | { id: 'event-registration'; registration: EventRegistration } | { id: 'complaint' } | null;

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

/** Holds the overlays buttons open: the contact form, the franchise application, event registration, complaint. */
export function usePopupHost() {
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const popups = useMemo<Popups>(
    () => ({ open: (id) => setOpen({ id }), openEventRegistration: (registration) => setOpen({ id: 'event-registration', registration }) }),
    [],
  );
  const openComplaint = useCallback(() => setOpen({ id: 'complaint' }), []);

  let overlay: ReactNode = null;
  if (open?.id === 'contact') {
    overlay = <FormDialog title={site.navigation.contactUs} use={{ form: 'contact' }} onClose={close} />;
  } else if (open?.id === 'franchise-apply') {
    overlay = <FormDialog title={`Apply for a ${site.brand.name} Franchise`} use={{ form: 'franchise-apply' }} onClose={close} />;
  } else if (open?.id === 'event-registration') {
    overlay = (
      <FormDialog
        title="Register for the event"
        use={{ form: 'event-registration', fixed: { event: open.registration.event } }}
        onClose={close}
      />
    );
  } else if (open?.id === 'complaint') {
    overlay = <ComplaintPopup onClose={close} />;
  }

  return { popups, overlay, openComplaint };
}
