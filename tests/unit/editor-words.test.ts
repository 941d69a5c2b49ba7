import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { editorSchemas } from '../../src/server/page-editor/page-checks';
import { withoutEditorWords } from '../../src/shared/schema-words';

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every field of a form schema with its path, in the order the form shows them. */
function fieldsOf(
  schema: Schema,
  definitions: Record<string, Schema>,
  path = '',
  seen = new Set<string>(),
): { path: string; schema: Schema }[] {
  const resolved = typeof schema.$ref === 'string' ? { ...definitions[schema.$ref.replace('#/definitions/', '')], ...schema } : schema;
  const ref = typeof schema.$ref === 'string' ? schema.$ref : '';
  if (ref && seen.has(ref)) return [];
  const inner = ref ? new Set([...seen, ref]) : seen;
  const out: { path: string; schema: Schema }[] = [];
  for (const [key, member] of Object.entries(isSchema(resolved.properties) ? resolved.properties : {})) {
    if (!isSchema(member) || key === 'type') continue;
    out.push({ path: `${path}/${key}`, schema: member }, ...fieldsOf(member, definitions, `${path}/${key}`, inner));
  }
  if (isSchema(resolved.items)) out.push(...fieldsOf(resolved.items, definitions, `${path}/0`, inner));
  for (const option of (resolved.oneOf as Schema[] | undefined) ?? []) out.push(...fieldsOf(option, definitions, path, inner));
  return out;
}

const schemas = editorSchemas();
const forms = [...Object.entries(schemas.blocks), ['meta', schemas.meta], ['city', schemas.city]] as [string, Schema][];

describe('the page editor speaks the words of the people who write pages', () => {
  it.each(forms)('%s: every field has a title in words, and no help names a file, a key or a pattern', (_name, schema) => {
    const definitions = schema.definitions as Record<string, Schema>;
    expect(schema.title).toMatch(/^[A-Z][a-z]/);
    for (const { path, schema: field } of fieldsOf(schema, definitions)) {
      const title = String(
        field.title ?? (typeof field.$ref === 'string' ? definitions[field.$ref.replace('#/definitions/', '')]?.title : ''),
      );
      expect(title, `${path} has no title`).toMatch(/^[A-Z]/);
      // A title is words, not a key or a type's name (HeroBlock, scrollTo, callLink); WhatsApp is a name.
      expect(title.replace('WhatsApp', 'Whatsapp'), path).not.toMatch(/[a-z][A-Z]|Block$|_/);
      const help = String(field.description ?? '');
      expect(help, path).not.toMatch(/pages\/|\.json|schemas\/|\^|\$\)|scrollTo|href|JSON-LD|\/api\//);
    }
  });

  it.each(forms)('%s: every list to pick from offers words, not codes (icons are picked by name)', (_name, schema) => {
    const definitions = schema.definitions as Record<string, Schema>;
    for (const { path, schema: field } of fieldsOf(schema, definitions)) {
      if (field.$ref === '#/definitions/icon') continue;
      const resolved = typeof field.$ref === 'string' ? { ...definitions[field.$ref.replace('#/definitions/', '')], ...field } : field;
      const offered = Array.isArray(resolved.enum)
        ? resolved.enum
        : ((resolved.oneOf as Schema[] | undefined) ?? []).filter((option) => 'const' in option).map((option) => option.title);
      for (const words of offered) expect(String(words), path).toMatch(/^[A-Z][a-z]/);
    }
  });

  it("names a button's styles as the site draws them, and keeps the value the page stores", () => {
    const button = (schemas.blocks.hero as Schema & { definitions: Record<string, Schema> }).definitions.button!;
    const variant = (button.properties as Record<string, Schema>).variant!;
    expect(variant).toMatchObject({
      default: 'primary',
      oneOf: [
        { const: 'primary', title: 'Main button (filled in colour)' },
        { const: 'secondary', title: 'Second button (outlined, no fill)' },
        { const: 'light', title: 'Light button (white, thin border)' },
      ],
    });
    expect(variant).not.toHaveProperty('enum');
  });

  it('leaves out of the form what the site fills in when it is built (the list of city offices)', () => {
    const cityOffices = schemas.blocks['city-offices'] as Schema & { properties: Schema };
    expect(Object.keys(cityOffices.properties)).toEqual(['type', 'id', 'heading', 'intro']);
  });

  it("leaves the editor's words out of the types, and keeps a field that shares a keyword's name", () => {
    const common = withoutEditorWords(JSON.parse(readFileSync('schemas/common.json', 'utf8'))) as { definitions: Record<string, Schema> };
    expect(JSON.stringify(common)).not.toMatch(/"(optionLabels|choice|invalid)":|"label":"/);
    // A button's label and a form's hidden fields are the page's own.
    expect(Object.keys(common.definitions.button!.properties as Schema)).toContain('label');
    expect(Object.keys(common.definitions.formUse!.properties as Schema)).toContain('hidden');
    expect(JSON.stringify(withoutEditorWords(JSON.parse(readFileSync('schemas/blocks/city-offices.json', 'utf8'))))).not.toMatch(
      /"hidden"/,
    );
  });

  it("offers a button's destination as one choice, each in words", () => {
    const action = (schemas.blocks['call-to-action'] as Schema & { definitions: Record<string, Schema> }).definitions.action!;
    expect((action.oneOf as Schema[]).map((option) => option.title)).toEqual([
      'Scroll to a section',
      'Go to a page',
      'Call a number',
      'Send an e-mail',
      'Open a popup',
    ]);
  });
});
