import type { RichTextBlock as RichTextProps } from '../../shared/generated/page-document';
import { formatDayLong } from '../../shared/india-time';
import { Section } from '../shared/section';
import { DATA_REQUEST_PATH } from '../../shared/data-request-path';
import { grievanceOfficerLine, retentionItems } from './privacy-text';
import { usePageWords } from '../../ui/page-words';
import { usePageLocale } from '../../ui/site-navigation';
import { LOCALE_FACTS } from '../../shared/locales';

export function RichTextBlock({ id, heading, updated, sections }: RichTextProps) {
  // Under the block's own h2 the sections are h3; without one they sit right under the page's h1.
  const SectionHeading = heading ? 'h3' : 'h2';
  const words = usePageWords();
  const locale = usePageLocale();
  return (
    <Section id={id} className="rich-text" heading={heading}>
      <article className="prose">
        {updated ? <p className="updated">{words.updated.replace('{date}', formatDayLong(updated, LOCALE_FACTS[locale].tag))}</p> : null}
        {sections.map((section, i) => {
          // Text from pages/site.json comes first in the list, after the paragraphs otherwise.
          const list = [...(section.from === 'retention' ? retentionItems() : []), ...(section.list ?? [])];
          return (
            <section key={section.heading ?? i}>
              {section.heading ? <SectionHeading>{section.heading}</SectionHeading> : null}
              {section.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {section.from === 'grievance-officer' ? (
                <>
                  <p>{grievanceOfficerLine()}</p>
                  <p>
                    To see, correct or erase the data we hold about your email address yourself, use{' '}
                    <a href={DATA_REQUEST_PATH}>Your data</a>.
                  </p>
                </>
              ) : null}
              {list.length ? (
                <ul>
                  {list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })}
      </article>
    </Section>
  );
}
