import { createContext, useContext } from 'react';

export type PopupId = 'franchise-apply' | 'contact';

export interface EventRegistration {
  event: string;
}

export interface Popups {
  open: (id: PopupId) => void;
  openEventRegistration: (registration: EventRegistration) => void;
}

/** Buttons anywhere on a page open the site shell's overlays through this context. */
export const PopupContext = createContext<Popups>({ open: () => {}, openEventRegistration: () => {} });

export const usePopups = () => useContext(PopupContext);
