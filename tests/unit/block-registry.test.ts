import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockComponentName } from '../../src/blocks/block-component-name';
import { blockComponents } from '../../src/blocks/registry';
import { icons } from '../../src/blocks/shared/icon';

const schemasDir = new URL('../../schemas/', import.meta.url).pathname;
const blockSchemaFiles = readdirSync(`${schemasDir}blocks`).filter((f) => f.endsWith('.json'));
const schemaTypes = blockSchemaFiles.map(
  (f) => JSON.parse(readFileSync(`${schemasDir}blocks/${f}`, 'utf8')).properties.type.const as string,
);

describe('block registry', () => {
  it('has a component for every block schema and a schema for every component', () => {
    expect(Object.keys(blockComponents).sort()).toEqual([...schemaTypes].sort());
  });

  it('names each block schema file after its type', () => {
    for (const [i, file] of blockSchemaFiles.entries()) expect(file).toBe(`${schemaTypes[i]}.json`);
  });

  // The island loader's generated list of block code (src/islands/block-islands.ts) relies on this convention.
  it('exports each component as <Type>Block from src/blocks/<type>/<type>-block.tsx', async () => {
    for (const [type, component] of Object.entries(blockComponents)) {
      const module = (await import(`../../src/blocks/${type}/${type}-block.tsx`)) as Record<string, unknown>;
      expect(module[blockComponentName(type)], type).toBe(component);
    }
  });

  it('lets a page list every block schema', () => {
    const page = JSON.parse(readFileSync(`${schemasDir}page.json`, 'utf8'));
    const refs = page.properties.blocks.items.oneOf.map((o: { $ref: string }) => o.$ref).sort();
    expect(refs).toEqual(blockSchemaFiles.map((f) => `blocks/${f}`).sort());
  });

  it('draws every icon the schemas allow, and only those', () => {
    const common = JSON.parse(readFileSync(`${schemasDir}common.json`, 'utf8'));
    expect(Object.keys(icons).sort()).toEqual([...common.definitions.icon.enum].sort());
  });
});
