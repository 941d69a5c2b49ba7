import type { CityOfficesBlock as CityOfficesBlockProps } from '../../shared/generated/page-document';
import { SiteLink } from '../../ui/site-navigation';
import { Section } from '../shared/section';
import { usePageWords } from '../../ui/page-words';

/** The site's city pages, each with a link to its jobs; the list comes with the page (src/shared/city-list.ts). */
export function CityOfficesBlock({ id, heading, intro, cities = [] }: CityOfficesBlockProps) {
  const words = usePageWords();
  return (
    <Section id={id} className="city-offices" heading={heading} intro={intro}>
      <ul className="city-offices-list">
        {cities.map((city) => (
          <li key={city.route}>
            <SiteLink href={city.route} className="city-office-name">
              {city.name}
            </SiteLink>
            <span className="city-office-state">{city.state}</span>
            <SiteLink href={`/job-openings?location=${encodeURIComponent(city.name)}`}>
              {words['footer.jobsIn'].replace('{city}', city.name)}
            </SiteLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
