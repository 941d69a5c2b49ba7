import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { site } from '../content/site';
import { FormView } from '../forms/lazy-form-view';
import { type EventRegistration, type PopupId, type Popups } from '../ui/popups';
import { Modal } from '../ui/modal';
import { ComplaintPopup } from './complaint-popup';

type Open = { id: PopupId } | { id: 'event-registration'; registration: EventRegistration } | { id: 'complaint' } | null;

function Loading() {
  return <p className="loading" role="status">Loading the form…</p>;
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
    overlay = (
      <Modal title={site.navigation.contactUs} onClose={close} className="form-dialog">
        <Suspense fallback={<Loading />}>
          <FormView use={{ form: 'contact' }} onDone={close} />
        </Suspense>
      </Modal>
    );
  } else if (open?.id === 'franchise-apply') {
    overlay = (
      <Modal title={`Apply for a ${site.brand.name} Franchise`} onClose={close} className="form-dialog">
        <Suspense fallback={<Loading />}>
          <FormView use={{ form: 'franchise-apply' }} onDone={close} />
        </Suspense>
      </Modal>
    );
  } else if (open?.id === 'event-registration') {
    overlay = (
      <Modal title="Register for the event" onClose={close} className="form-dialog">
        <Suspense fallback={<Loading />}>
          <FormView use={{ form: 'event-registration', fixed: { event: open.registration.event } }} onDone={close} />
        </Suspense>
      </Modal>
    );
  } else if (open?.id === 'complaint') {
    overlay = <ComplaintPopup onClose={close} />;
  }

  return { popups, overlay, openComplaint };
}
