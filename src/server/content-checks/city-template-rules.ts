import type { CityPage } from '../../shared/generated/city-page.ts';
import type { CityTemplate } from '../../shared/generated/city-template.ts';
import type { Finding } from './content-rules.ts';
import { didYouMean } from './nearest-name.ts';

/** A city page written as its facts, with its template and, for each block of the page they make, its section. */
export interface MadeCityPage {
  facts: CityPage;
  template: CityTemplate;
  sections: string[];
}

const anchorsOf = (template: CityTemplate) => template.blocks.map((block) => block.id).filter((id): id is string => !!id);

/** A template's figures, events and questions name sections of the kind that shows them; what it locks is its own. */
export function templateProblems(template: CityTemplate): Finding[] {
  const findings: Finding[] = [];
  const typeOf = (id: string) => template.blocks.find((block) => block.id === id)?.type;
  const slots = [
    ['figuresIn', 'stats', 'figures'],
    ['eventsIn', 'events', 'events'],
    ['faqIn', 'faq', 'questions'],
  ] as const;
  for (const [key, type, what] of slots) {
    const id = template[key];
    if (id !== undefined && typeOf(id) !== type)
      findings.push({
        pointer: `/${key}`,
        message: `the city's ${what} go in a "${type}" section, and "${id}" is not one on this template`,
      });
  }
  (template.locked ?? []).forEach((id, i) => {
    if (!typeOf(id))
      findings.push({
        pointer: `/locked/${i}`,
        message: `no section of this template has the anchor "${id}"${didYouMean(id, anchorsOf(template))}`,
      });
  });
  return findings;
}

/** A city words differently only the template's sections that are there and not locked. */
export function cityOverrideProblems(facts: CityPage, template: CityTemplate): Finding[] {
  const anchors = anchorsOf(template);
  const locked = new Set(template.locked ?? []);
  return Object.keys(facts.overrides ?? {}).flatMap((id): Finding[] => {
    const pointer = `/overrides/${id}`;
    if (!anchors.includes(id))
      return [
        {
          pointer,
          message: `the template has no section with the anchor "${id}"${didYouMean(id, anchors)} Its sections are: ${anchors.join(', ')}`,
        },
      ];
    if (locked.has(id))
      return [{ pointer, message: `the "${id}" section is the same on every city page of this template: a city cannot change it` }];
    return [];
  });
}

/**
 * Where a problem of the page made from a city's facts is in the city's file: in the section's override, the city's
 * figures, events or questions, or else in the template's words, which the message then says.
 */
export function inCityFacts({ facts, template, sections }: MadeCityPage, pointer: string, message: string) {
  const match = /^\/blocks\/(\d+)((?:\/[^/]+)?)(.*)$/.exec(pointer);
  if (!match) return { pointer, message };
  const section = sections[Number(match[1])] ?? '';
  const [key, rest] = [(match[2] ?? '').slice(1), match[3] ?? ''];
  const override = facts.overrides?.[section];
  if (override && key in override) return { pointer: `/overrides/${section}/${key}${rest}`, message };
  if (section === template.figuresIn && key === 'items' && facts.figures) return { pointer: `/figures${rest}`, message };
  if (section === template.eventsIn && key === 'events' && facts.events) return { pointer: `/events${rest}`, message };
  const asked = template.blocks.find((block) => block.id === section);
  const theirs = asked?.type === 'faq' ? asked.items.length : 0;
  const [, index, inItem = ''] = /^\/(\d+)(.*)$/.exec(rest) ?? [];
  if (section === template.faqIn && key === 'items' && facts.faq && index !== undefined && Number(index) >= theirs)
    return { pointer: `/faq/${Number(index) - theirs}${inItem}`, message };
  return { pointer: '/template', message: `the template's "${section}" section: ${message}` };
}

/**
 * Where in the template a text of the page made from it is written, or undefined when the city's file words it (its
 * overrides, figures, events, questions or meta tags).
 */
export function templatePointer(made: MadeCityPage, pointer: string): string | undefined {
  const meta = /^\/meta\/([^/]+)/.exec(pointer)?.[1];
  if (meta !== undefined) return made.facts.meta && meta in made.facts.meta ? undefined : pointer;
  const at = inCityFacts(made, pointer, '');
  if (at.pointer !== '/template') return undefined;
  const [, index, rest = ''] = /^\/blocks\/(\d+)(.*)$/.exec(pointer) ?? [];
  const section = made.sections[Number(index)];
  const inTemplate = made.template.blocks.findIndex((block) => (block.id ?? '') === section);
  return inTemplate < 0 ? undefined : `/blocks/${inTemplate}${rest}`;
}
