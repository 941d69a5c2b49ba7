import { useSession } from '../lib/use-session';
import { Navbar } from './navbar';
import { TaglineStrip } from './overlays';

/** The top of every page: the tagline strip a visitor sees, and the navigation the session allows. */
export function SiteHeader() {
  const session = useSession();
  return (
    <>
      {session.loggedIn ? null : <TaglineStrip />}
      <Navbar />
    </>
  );
}
