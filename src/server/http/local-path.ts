/**
 * A path of this host to redirect to, or undefined when the path cannot be one. Browsers read `//host`, `/\host`
 * (and the same with tabs or newlines between, which they drop) as another site; percent-encoded slashes become such
 * once a later hop decodes them. So every leading run of slashes, backslashes, their encodings and whitespace
 * collapses to one slash, and the result is checked to resolve to this origin.
 */
export function localPath(path: string): string | undefined {
  const collapsed = path.replace(/^(?:[/\\\s]|%2f|%5c|%09|%0a|%0d|%20)+/i, '/');
  const base = 'http://this.host.invalid';
  try {
    const resolved = new URL(collapsed, base);
    return resolved.origin === base && collapsed.startsWith('/') ? collapsed : undefined;
  } catch {
    return undefined;
  }
}
