import { Link } from 'react-router-dom';
import { site } from '../content/site';

/** What app routes show until their feature is built. */
export default function ComingSoon({ title }: { title: string }) {
  return (
    <section className="block coming-soon">
      <title>{`${title} | ${site.brand.name}`}</title>
      <div className="container narrow">
        <h1>{title}</h1>
        <p>This part of the site is coming soon. Meanwhile, our team is a call or an email away.</p>
        <Link className="button" to="/">Back to Home</Link>
      </div>
    </section>
  );
}
