import { pointerKeys } from './json-pointer';
/** The page editor's schemas, in its words (GET /api/admin/pages/schemas). */
export interface EditorWords {
  blocks: Record<string, unknown>;
  meta: unknown;
  city: unknown;
  /** A city page's own figures, events and questions. */
  cityLists: unknown;
}

/** A city page's template, as far as naming its sections goes. */
export interface SectionsOf {
  blocks: { type: string; id?: string }[];
}

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const ordinal = (index: number) => ORDINALS[index] ?? `number ${index + 1}`;

/** The schema a reference names, with the reference's own words (its title) kept. */
function resolved(schema: Schema, definitions: Record<string, Schema>): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const target = definitions[schema.$ref.replace('#/definitions/', '')] ?? {};
  return { ...resolved(target, definitions), ...schema, $ref: undefined };
}

/** The schema of a member: among the object's properties, or those of one of its choices. */
function memberOf(schema: Schema, key: string, definitions: Record<string, Schema>): Schema | undefined {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const member =
    properties[key] ??
    (schema.oneOf as Schema[] | undefined)?.map((o) => resolved(o, definitions).properties as Schema | undefined).find((p) => p?.[key])?.[
      key
    ];
  return isSchema(member) ? resolved(member, definitions) : undefined;
}

/**
 * Where a change is, in the editor's words: "Hero: the second Button, Section to scroll to", "Meta tags: Keywords",
 * "City facts: Office phone". The block is found in the document the change belongs to, or for a city page written as
 * its facts, in its template.
 */
export function placeInWords(pointer: string, document: unknown, schemas: EditorWords, template?: SectionsOf): string {
  // A city's wording of a template section (/overrides/top/heading) is named as that section of the template.
  const worded = /^\/overrides\/([^/]+)(.*)$/.exec(pointer);
  const index = worded && template ? template.blocks.findIndex((block) => block.id === worded[1]) : -1;
  if (worded && template && index >= 0) return placeInWords(`/blocks/${index}${worded[2]}`, template, schemas);
  const keys = pointerKeys(pointer);
  const page = (isSchema(document) ? document : {}) as { blocks?: { type?: string }[] };
  let schema: Schema | undefined;
  let head: string;
  let path: string[];
  if (keys[0] === 'blocks' && keys[1] !== undefined) {
    const index = Number(keys[1]);
    const type = page.blocks?.[index]?.type ?? '';
    schema = schemas.blocks[type] as Schema | undefined;
    head = `${typeof schema?.title === 'string' ? schema.title : 'Section'} (section ${index + 1})`;
    path = keys.slice(2);
  } else if (keys[0] === 'meta' || keys[0] === 'city') {
    schema = (keys[0] === 'meta' ? schemas.meta : schemas.city) as Schema;
    head = String(schema.title ?? keys[0]);
    path = keys.slice(1);
  } else if (keys[0] === 'figures' || keys[0] === 'events' || keys[0] === 'faq') {
    // A city's own lists: "Events in this city: the second event, Date".
    const lists = schemas.cityLists as Schema;
    schema = { ...lists, title: undefined };
    head = String((lists.properties as Record<string, Schema>)[keys[0]]?.title ?? keys[0]);
    path = keys;
  } else return keys[0] === 'route' ? 'Web address' : keys[0] === 'blocks' ? 'Sections' : 'The page';

  const definitions = (schema?.definitions ?? {}) as Record<string, Schema>;
  const words: string[] = [];
  let at = schema && resolved(schema, definitions);
  for (const [i, key] of path.entries()) {
    if (!at) break;
    if (/^\d+$/.test(key) && isSchema(at.items)) {
      const item = resolved(at.items, definitions);
      words.push(`the ${ordinal(Number(key))} ${String(item.title ?? 'item').toLowerCase()}`);
      at = item;
    } else {
      at = memberOf(at, key, definitions);
      // A list is named by its item: "the second button", not "Buttons, the second button".
      const listItem = at && isSchema(at.items) && /^\d+$/.test(path[i + 1] ?? '');
      if (at && !listItem) words.push(String(at.title ?? key));
    }
  }
  return words.length ? `${head}: ${words.join(', ')}` : head;
}
