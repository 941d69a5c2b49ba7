import { Link } from 'react-router-dom';

/** A logged-in user on a screen their role does not open. */
export function Forbidden() {
  return (
    <section className="block coming-soon">
      <div className="container narrow">
        <title>Not available for your account</title>
        <h1>This page is not available for your account</h1>
        <p>Your role does not include this part of the portal. If you need it, ask an administrator.</p>
        <Link className="button" to="/">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
