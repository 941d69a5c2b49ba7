import type { CallToActionBlock as CallToActionProps } from '../../shared/generated/page-document';
import { ButtonRow } from '../shared/action-button';

export function CallToActionBlock({ id, heading, text, buttons }: CallToActionProps) {
  return (
    <section id={id} className="block call-to-action">
      <div className="container">
        <h2>{heading}</h2>
        {text ? <p>{text}</p> : null}
        <ButtonRow buttons={buttons} />
      </div>
    </section>
  );
}
