import type { Action, Button } from '../../shared/generated/page-document';
import { popupButton } from '../../ui/popups';
import { SiteLink } from '../../ui/site-navigation';
import { SCROLL_LINK_ATTRIBUTE } from '../../ui/scroll-links';
import { site } from '../../content/site';

interface ActionLinkProps {
  action: Action;
  className?: string;
  children: React.ReactNode;
}

/** Carries out a button's action: scroll to an anchor, follow a link, call, write, or open a popup. */
function ActionLink({ action, className, children }: ActionLinkProps) {
  if (action.open) {
    return (
      <button type="button" className={className} {...popupButton(action.open)}>
        {children}
      </button>
    );
  }
  if (action.scrollTo) {
    return (
      <a href={`#${action.scrollTo}`} className={className} {...{ [SCROLL_LINK_ATTRIBUTE]: action.scrollTo }}>
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
      <SiteLink href={href} className={className}>
        {children}
      </SiteLink>
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
