import type { NewsletterBlock as NewsletterProps } from '../../shared/generated/page-document';
import { PageForm } from '../../forms/lazy-form-view';
import { newsletterUse } from '../../shared/form-uses';

export function NewsletterBlock({ id, heading, text, claim, city }: NewsletterProps) {
  return (
    <section id={id} className="block newsletter">
      <div className="container newsletter-inner">
        <div>
          <h2>{heading}</h2>
          {text ? <p>{text}</p> : null}
          {claim ? <p className="newsletter-claim">{claim}</p> : null}
        </div>
        <PageForm use={newsletterUse({ city })} />
      </div>
    </section>
  );
}
