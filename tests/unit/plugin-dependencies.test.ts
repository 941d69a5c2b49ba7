import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Fastify refuses to start when a plugin is registered before one it declares (`dependencies` of fastify-plugin),
// so a plugin that reads what another decorates must declare it: then a change of order fails at start rather than
// with `undefined` at the first request that reads it. Here the server's sources are read for who decorates what and
// who reads it (app.<name>, server.<name>, request.server.<name>); a read written `?.` tolerates its absence.

const root = new URL('../..', import.meta.url).pathname;
const serverDir = join(root, 'src/server');
const appFile = join(serverDir, 'app.ts');

const listTs = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listTs(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
const sources = new Map(listTs(serverDir).map((file) => [file, readFileSync(file, 'utf8')]));
const textOf = (file: string) => sources.get(file) ?? '';
const name = (file: string) => relative(root, file);

/** The server modules a module runs (type-only imports left out), static or loaded later. */
function importsOf(file: string): string[] {
  const text = textOf(file);
  const specifiers = [
    ...[...text.matchAll(/^import\s+(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gms)].map((m) => m[1] ?? ''),
    ...[...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1] ?? ''),
  ];
  return specifiers.map((spec) => resolve(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`)).filter((path) => sources.has(path));
}

const isPluginModule = (file: string) => textOf(file).includes("from 'fastify-plugin'");

/** A module and what it imports, down to (not into) other plugin modules: the code a plugin runs as its own. */
function closureOf(start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  for (let file = queue.pop(); file; file = queue.pop()) {
    for (const next of importsOf(file)) {
      if (seen.has(next) || isPluginModule(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

const decoratedIn = (file: string) => [...textOf(file).matchAll(/\.decorate\(\s*'(\w+)'/g)].map((m) => m[1] ?? '');

/** The instance decorators a module reads without tolerating their absence. */
function readsIn(file: string, known: Set<string>): string[] {
  const text = textOf(file);
  const reads = [
    ...[...text.matchAll(/\b(?:app|server|instance|request\.server)\.(\w+)(\?\.)?/g)].filter((m) => !m[2]).map((m) => m[1] ?? ''),
    ...[...text.matchAll(/const\s*\{([^}]+)\}\s*=\s*(?:app|server|instance|request\.server)\s*;/g)].flatMap((m) =>
      (m[1] ?? '').split(',').map((part) => part.split(':')[0]?.trim() ?? ''),
    ),
  ];
  return [...new Set(reads.filter((read) => known.has(read)))];
}

interface PluginMeta {
  name: string;
  dependencies?: string[];
}

async function pluginsOf(file: string): Promise<PluginMeta[]> {
  const exports = (await import(file)) as Record<string, unknown>;
  return Object.values(exports).flatMap((value) => {
    const meta = (value as Record<symbol, PluginMeta | undefined> | null)?.[Symbol.for('plugin-meta')];
    return meta?.name ? [meta] : [];
  });
}

describe('plugin dependencies', async () => {
  const pluginFiles = [...sources.keys()].filter(isPluginModule).filter((file) => file !== appFile);
  const plugins = (
    await Promise.all(pluginFiles.map(async (file) => (await pluginsOf(file)).map((meta) => ({ file, meta, closure: closureOf(file) }))))
  ).flat();

  // Who decorates each name: a plugin, or buildApp itself before it registers any (the configuration).
  const providers = new Map<string, string>();
  for (const file of sources.keys()) {
    for (const decorator of decoratedIn(file)) {
      const owner = plugins.find((plugin) => plugin.closure.has(file));
      providers.set(decorator, owner?.meta.name ?? 'app');
    }
  }
  const known = new Set(providers.keys());

  it('finds the plugins and what they decorate', () => {
    expect(plugins.map((plugin) => plugin.meta.name)).toEqual(expect.arrayContaining(['database', 'site-config', 'captcha', 'forms']));
    expect(providers.get('siteConfig')).toBe('site-config');
    expect(providers.get('captcha')).toBe('captcha');
    expect(providers.get('formCatalog')).toBe('forms');
    expect(providers.get('db')).toBe('database');
  });

  it('has every plugin declare the plugins whose decorators it reads', () => {
    const missing = plugins.flatMap(({ meta, closure }) =>
      [...closure].flatMap((file) =>
        readsIn(file, known).flatMap((read) => {
          const provider = providers.get(read) ?? 'app';
          if (provider === 'app' || provider === meta.name || meta.dependencies?.includes(provider)) return [];
          return [`${meta.name} (${name(file)}) reads .${read} of ${provider} without declaring it`];
        }),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('registers in buildApp only plugins that declare what they read', () => {
    // A plain function registered as a plugin has no metadata: what it reads rests on the order of buildApp alone.
    const plain = [...closureOf(appFile)]
      .filter((file) => file !== appFile)
      .flatMap((file) => readsIn(file, known).map((read) => `${name(file)} reads .${read} outside a named plugin`));
    expect(plain).toEqual([]);
  });
});
