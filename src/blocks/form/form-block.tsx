import type { FormBlock as FormBlockProps } from '../../shared/generated/page-document';
import { PageForm } from '../../forms/lazy-form-view';

export function FormBlock({ id, form, aside }: FormBlockProps) {
  return (
    <section id={id} className="block form-section">
      <div className={`container${aside ? ' split' : ' narrow'}`}>
        {aside ? (
          <div className="form-aside">
            <h2>{aside.heading}</h2>
            <ul className="check-list">
              {aside.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <PageForm use={form} />
      </div>
    </section>
  );
}
