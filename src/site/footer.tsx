import { Mail, MapPin, Phone } from 'lucide-react';
import { useSite } from './use-site';
import { useCityPages } from '../content/city-pages';
import { popupButton } from '../ui/popups';
import { SiteLink } from '../ui/site-navigation';
import type { SocialLink } from '../shared/generated/site-config';
import { usePageWords } from '../ui/page-words';

// Each link shows the network's name in full: what a visitor sees is what a voice command or a screen reader says.
const socialNames: Record<SocialLink['network'], string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
};

/** A titled column of links to pages of this site. */
function FooterLinks({
  label,
  heading,
  links,
  className,
}: {
  label: string;
  heading: string;
  links: { href: string; label: string }[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <h2>{heading}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <SiteLink href={l.href}>{l.label}</SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A link to each city page, from the build's list in the page's query cache, never in the browser's code: the server
 * puts it there for every page with this footer, so its HTML and the app's first render show the same links. Without
 * the list (a build from before it) there is no column.
 */
function CityOffices() {
  const words = usePageWords();
  const cities = useCityPages();
  if (!cities.length) return null;
  // A city that is its own union territory (Chandigarh) is named once.
  const links = cities.map(({ name, state, route }) => ({ href: route, label: state === name ? name : `${name}, ${state}` }));
  return (
    <FooterLinks
      label={words['footer.cityOfficesLabel']}
      heading={words['footer.cityOffices']}
      links={links}
      className="footer-city-offices"
    />
  );
}

export function Footer() {
  const site = useSite();
  const words = usePageWords();
  const a = site.address;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <img src="/images/brand/logo-light.svg" alt={site.brand.name} width={150} height={40} loading="lazy" />
          <p>{site.footer.about}</p>
          <ul className="footer-contact">
            <li>
              <Phone size={16} aria-hidden="true" /> <a href={`tel:${site.phone.tel}`}>{site.phone.display}</a>
            </li>
            <li>
              <Mail size={16} aria-hidden="true" /> <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              <MapPin size={16} aria-hidden="true" /> <span>{`${a.street}, ${a.city}, ${a.state} ${a.postalCode}`}</span>
            </li>
          </ul>
          <button type="button" className="button button-light" {...popupButton('contact')}>
            {site.navigation.contactUs}
          </button>
        </div>
        <FooterLinks label={words['footer.company']} heading={words['footer.company']} links={site.footer.company} />
        <FooterLinks label={words['footer.services']} heading={words['footer.services']} links={site.footer.services} />
        <FooterLinks
          label={words['footer.jobsByLocationLabel']}
          heading={words['footer.jobsByLocation']}
          links={site.footer.locations.map((city) => ({
            href: `/job-openings?location=${encodeURIComponent(city)}`,
            label: words['footer.jobsIn'].replace('{city}', city),
          }))}
        />
        <div>
          <h2>{words['footer.getTheApp']}</h2>
          <ul className="store-links">
            <li>
              <a href={site.appStores.android} target="_blank" rel="noopener noreferrer">
                {words['footer.googlePlay']}
              </a>
            </li>
            <li>
              <a href={site.appStores.ios} target="_blank" rel="noopener noreferrer">
                {words['footer.appStore']}
              </a>
            </li>
          </ul>
          <h2>{words['footer.followUs']}</h2>
          <ul className="social-links">
            {site.social.map((s) => (
              <li key={s.network}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {socialNames[s.network]}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <CityOffices />
      </div>
      <FooterBottom />
    </footer>
  );
}

function FooterBottom() {
  const site = useSite();
  return (
    <div className="footer-bottom">
      {/* The year is the browser's own: one that differs from the build's (New Year's Eve, a clock set wrong) keeps
          the prerendered text rather than failing hydration. */}
      <div className="container" suppressHydrationWarning>
        {site.footer.copyright}
      </div>
    </div>
  );
}

/** The footer of staff screens: the copyright line, nothing to market. */
export function StaffFooter() {
  return (
    <footer className="site-footer staff-footer">
      <FooterBottom />
    </footer>
  );
}
