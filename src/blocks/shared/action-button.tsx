import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Action, Button } from '../../shared/generated/page-document';
import { usePopups } from '../../ui/popups';
import { site } from '../../content/site';

export function scrollToAnchor(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  history.replaceState(null, '', `#${id}`);
}

interface ActionLinkProps {
  action: Action;
  className?: string;
  children: React.ReactNode;
}

/** Carries out a button's action: scroll to an anchor, follow a link, call, write, or open a popup. */
export function ActionLink({ action, className, children }: ActionLinkProps) {
  const popups = usePopups();
  if (action.open) {
    const id = action.open;
    return (
      <button type="button" className={className} onClick={() => popups.open(id)}>
        {children}
      </button>
    );
  }
  if (action.scrollTo) {
    const id = action.scrollTo;
    const onClick = (e: MouseEvent) => {
      e.preventDefault();
      scrollToAnchor(id);
    };
    return (
      <a href={`#${id}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  if (action.tel) {
    const number = action.tel === 'site' ? site.phone.tel : action.tel;
    return (
      <a href={`tel:${number}`} className={className}>
        {children}
      </a>
    );
  }
  if (action.mailto) {
    const address = action.mailto === 'site' ? site.email : action.mailto;
    return (
      <a href={`mailto:${address}`} className={className}>
        {children}
      </a>
    );
  }
  const href = action.href ?? '/';
  if (href.startsWith('/'))
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** A button of a page; its context, if any, finishes the label for screen readers and search engines only. */
export function ActionButton({ button }: { button: Button }) {
  return (
    <ActionLink action={button.action} className={`button button-${button.variant ?? 'primary'}`}>
      {button.label}
      {button.context ? <span className="visually-hidden"> {button.context}</span> : null}
    </ActionLink>
  );
}

export function ButtonRow({ buttons }: { buttons?: Button[] }) {
  if (!buttons?.length) return null;
  return (
    <div className="button-row">
      {buttons.map((b) => (
        <ActionButton key={b.label} button={b} />
      ))}
    </div>
  );
}
