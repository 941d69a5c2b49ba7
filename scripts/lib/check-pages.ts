import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import addErrors from 'ajv-errors';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { fillPlaceholders, placeholderValues } from '../../src/shared/placeholders';
import type { SiteConfig } from '../../src/shared/generated/site-config';
import { publicDir, root, schemasDir, type DocumentKind, type JsonFile } from '../../src/server/site/pages-on-disk';

export interface Problem {
  file: string;
  pointer: string;
  line: number;
  column: number;
  message: string;
}

const schemaFileOf: Record<DocumentKind, string> = { page: 'page.json', site: 'site.json', form: 'form.json' };

function createAjv() {
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  for (const file of [
    'common.json',
    'page.json',
    'site.json',
    'form.json',
    ...readdirSync(join(schemasDir, 'blocks')).map((f) => `blocks/${f}`),
  ]) {
    const schema = JSON.parse(readFileSync(join(schemasDir, file), 'utf8'));
    delete schema.$schema;
    ajv.addSchema(schema, `https://schemas.hireframe.invalid/${file}`);
  }
  return ajv;
}

/** A separate Ajv for the data schema inside each form, as the browser and server compile it. */
function createFormDataAjv() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  addErrors(ajv);
  return ajv;
}

function pathSegments(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function lineColumn(text: string, offset: number) {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - lineStart + 1 };
}

/** Locates a JSON pointer in the text; for a missing member, the nearest parent that exists. */
function locate(text: string, tree: Node | undefined, pointer: string) {
  let segments = pathSegments(pointer);
  while (tree) {
    const node = findNodeAtLocation(tree, segments);
    if (node) {
      // Point at the member name rather than its value when there is one.
      const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
      return lineColumn(text, at);
    }
    if (!segments.length) break;
    segments = segments.slice(0, -1);
  }
  return { line: 1, column: 1 };
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `unknown field "${p.additionalProperty}"`;
  if (error.keyword === 'required') return `missing required field "${p.missingProperty}"`;
  if (error.keyword === 'enum') return `${error.message}: ${(p.allowedValues as unknown[]).join(', ')}`;
  if (error.keyword === 'const') return `must be ${JSON.stringify(p.allowedValue)}`;
  return error.message ?? error.keyword;
}

/** Points at the member an error is about: the unknown field itself, or where a missing one belongs. */
function errorPointer(error: ErrorObject) {
  const p = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required') return `${error.instancePath}/${p.missingProperty}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${p.additionalProperty}`;
  return error.instancePath;
}

/** Every [pointer, value] of a JSON value, depth first. */
function* walk(value: unknown, pointer = ''): Generator<[string, unknown]> {
  yield [pointer, value];
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) yield* walk(v, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

interface Parsed extends JsonFile {
  data: any;
  tree: Node | undefined;
}

export function checkPages(files: JsonFile[], publicRoot = publicDir): Problem[] {
  const problems: Problem[] = [];
  const ajv = createAjv();
  const formDataAjv = createFormDataAjv();
  const report = (f: Parsed | JsonFile, pointer: string, message: string) => {
    const text = f.text;
    const tree = 'tree' in f ? f.tree : parseTree(text);
    problems.push({ file: f.file, pointer: pointer || '/', ...locate(text, tree, pointer), message });
  };

  const parsed: Parsed[] = [];
  for (const f of files) {
    const errors: { error: number; offset: number }[] = [];
    const tree = parseTree(f.text, errors as never, { allowTrailingComma: false, disallowComments: true });
    if (errors.length || !tree) {
      const { line, column } = lineColumn(f.text, errors[0]?.offset ?? 0);
      problems.push({ file: f.file, pointer: '/', line, column, message: 'not valid JSON' });
      continue;
    }
    parsed.push({ ...f, data: JSON.parse(f.text), tree });
  }

  for (const f of parsed) {
    const expected = schemaFileOf[f.kind];
    const declared = f.data?.$schema;
    if (typeof declared !== 'string' || resolve(root, dirname(f.file), declared) !== join(schemasDir, expected)) {
      report(f, '/$schema', `"$schema" must be the relative path of schemas/${expected}`);
    }
    const validate = ajv.getSchema(`https://schemas.hireframe.invalid/${expected}`)!;
    if (!validate(f.data)) {
      for (const error of validate.errors ?? []) report(f, errorPointer(error), describe(error));
    }
  }

  const site = parsed.find((f) => f.kind === 'site')?.data as SiteConfig | undefined;
  const values = site ? placeholderValues(site) : {};
  const forms = new Map(parsed.filter((f) => f.kind === 'form').map((f) => [f.data.id as string, f]));

  for (const form of forms.values()) {
    const expectedFile = `pages/forms/${form.data.id}.json`;
    if (form.file !== expectedFile) report(form, '/id', `form id "${form.data.id}" must match its file name`);
    try {
      formDataAjv.compile(form.data.schema);
    } catch (e) {
      report(form, '/schema', `the data schema does not compile: ${(e as Error).message}`);
    }
  }

  const routes = new Map<string, string>();
  for (const f of parsed) {
    if (f.kind !== 'page') continue;
    const route = fillPlaceholders(String(f.data.route), values);
    const other = routes.get(route);
    if (other) report(f, '/route', `route ${route} is also the route of ${other}`);
    else routes.set(route, f.file);

    const anchors = new Set<string>();
    for (const [pointer, v] of walk(f.data.blocks, '/blocks')) {
      if (v && typeof v === 'object' && !Array.isArray(v) && 'type' in v && typeof (v as any).id === 'string') {
        if (anchors.has((v as any).id)) report(f, `${pointer}/id`, `anchor "${(v as any).id}" is used twice on this page`);
        anchors.add((v as any).id);
      }
    }
    for (const [pointer, v] of walk(f.data.blocks, '/blocks')) {
      if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
      const o = v as Record<string, unknown>;
      if (typeof o.scrollTo === 'string' && !anchors.has(o.scrollTo)) {
        report(f, `${pointer}/scrollTo`, `no block on this page has the anchor "${o.scrollTo}"`);
      }
      if (typeof o.form === 'string') {
        const form = forms.get(o.form);
        if (!form) {
          report(f, `${pointer}/form`, `no form "${o.form}" in pages/forms`);
          continue;
        }
        const fields = Object.keys(form.data.schema?.properties ?? {});
        for (const key of Object.keys((o.fixed as object) ?? {})) {
          if (!fields.includes(key)) report(f, `${pointer}/fixed/${key}`, `form "${o.form}" has no field "${key}"`);
        }
        for (const [i, key] of ((o.hidden as string[]) ?? []).entries()) {
          if (!fields.includes(key)) report(f, `${pointer}/hidden/${i}`, `form "${o.form}" has no field "${key}"`);
        }
      }
    }
  }

  for (const f of parsed) {
    for (const [pointer, v] of walk(f.data)) {
      if (typeof v === 'string' && /^\/images\//.test(v) && !existsSync(join(publicRoot, v))) {
        report(f, pointer, `image ${v} is not in public/`);
      }
    }
  }
  return problems;
}
