import { useState } from 'react';
import type { EditorSchemas, PageProblem } from '../../shared/api/page-editor';
import type { CityPage } from '../../shared/generated/city-page';
import type { CityTemplate } from '../../shared/generated/city-template';
import { composeCityPage, fillCityName } from '../../shared/city-template';
import { CitySection, type SectionOverride } from './city-section';
import { DocumentPart } from './document-part';
import { problemsUnder, type PageDocument } from './editor-document';

interface CityFactsEditorProps {
  facts: CityPage;
  template: CityTemplate;
  schemas: EditorSchemas;
  problems: PageProblem[];
  /** A new document; changes with the same `merge` key in a row are one undo step (typing in one field). */
  onChange: (document: PageDocument, merge?: string) => void;
  /** Says what an action did, to a screen reader. */
  announce: (text: string) => void;
}

/** The part that holds a city's own figures, events and questions. */
const listsTitle = 'Figures, events and questions';

type Lists = Pick<CityPage, 'figures' | 'events' | 'faq'>;

/** The city's own lists, each left out when empty (the page then shows no figures or events). */
const listsOf = (value: Record<string, unknown>): Lists =>
  Object.fromEntries(['figures', 'events', 'faq'].flatMap((key) => (Array.isArray(value[key]) && value[key].length ? [[key, value[key]]] : [])));

/** The meta tags a city words its own way: those that differ from the template's. */
const ownMeta = (value: Record<string, unknown>, template: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([key, text]) => text !== template[key]));

/**
 * A city page as what it is: its facts, its own figures, events and questions, and for each section of its template
 * the template's words or the city's own. Nothing of the template is copied into the page: a change to the template
 * reaches every city that keeps its words.
 */
export function CityFactsEditor({ facts, template, schemas, problems, onChange, announce }: CityFactsEditorProps) {
  const [open, setOpen] = useState<string | null>('city');
  const name = facts.city.name;
  const blocks = fillCityName(template.blocks, facts.city);
  const templateMeta = fillCityName(template.meta, facts.city) as unknown as Record<string, unknown>;
  const { sections: shown } = composeCityPage(facts, template);
  const overrides = (facts.overrides ?? {}) as Record<string, SectionOverride>;
  const toggle = (id: string) => setOpen(open === id ? null : id);
  const { figures: _f, events: _e, faq: _q, ...withoutLists } = facts;

  const setOverride = (id: string, override: SectionOverride, field?: string) => {
    const { [id]: _old, ...rest } = overrides;
    const next = override === undefined ? rest : { ...rest, [id]: override };
    const { overrides: _all, ...others } = facts;
    onChange((Object.keys(next).length ? { ...others, overrides: next } : others) as unknown as PageDocument, field && `${id}:${field}`);
  };

  const parts = [
    { id: 'city', title: 'City facts (office, phone, hours)', label: 'City facts', schema: schemas.city, value: facts.city },
    { id: 'lists', title: listsTitle, label: listsTitle, schema: schemas.cityLists, value: listsOf(facts as unknown as Record<string, unknown>) },
    { id: 'meta', title: 'Title and description (meta tags)', label: 'Meta tags', schema: schemas.meta, value: { ...templateMeta, ...facts.meta } },
  ];
  const change = (id: string, value: Record<string, unknown>, field: string) => {
    if (id === 'city') onChange({ ...facts, city: value } as unknown as PageDocument, `city:${field}`);
    else if (id === 'lists') onChange({ ...withoutLists, ...listsOf(value) } as unknown as PageDocument, `lists:${field}`);
    else {
      const { meta: _meta, ...rest } = facts;
      const meta = ownMeta(value, templateMeta);
      onChange((Object.keys(meta).length ? { ...rest, meta } : rest) as unknown as PageDocument, `meta:${field}`);
    }
  };
  // Where the problems of a part are: a city's lists at /figures, /events and /faq.
  const problemsOf = (id: string) =>
    id === 'lists' ? problems.filter((p) => /^\/(figures|events|faq)\//.test(p.pointer)) : problemsUnder(problems, `/${id}`);

  return (
    <div className="page-editor-blocks">
      <p className="page-editor-layout">
        Made from the layout <strong>{template.title}</strong>. Each section shows the layout's words until you word it for {name}.
      </p>
      {parts.map((part) => (
        <DocumentPart
          key={part.id}
          {...part}
          problems={problemsOf(part.id)}
          open={open === part.id}
          onToggle={() => toggle(part.id)}
          onChange={(value, field) => change(part.id, value, field)}
        />
      ))}
      <h2 className="page-editor-sections">Sections</h2>
      {blocks.map((block, index) => {
        const id = block.id ?? '';
        const what = id === template.figuresIn ? 'figures' : id === template.eventsIn ? 'events' : undefined;
        return (
          <CitySection
            key={id || index}
            block={block}
            index={index}
            cityName={name}
            override={overrides[id]}
            schemas={schemas.blocks}
            locked={!!template.locked?.includes(id)}
            filledByFacts={what && { key: what === 'figures' ? 'items' : 'events', what, where: listsTitle }}
            shown={shown.includes(id)}
            problems={problemsUnder(problems, `/overrides/${id}`)}
            open={open === `section:${id}`}
            onToggle={() => toggle(`section:${id}`)}
            onChange={(override, field) => setOverride(id, override, field)}
            announce={announce}
          />
        );
      })}
    </div>
  );
}
