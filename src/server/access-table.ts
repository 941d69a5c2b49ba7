import { ROLES, roleIn } from '../shared/roles';
import type { AccessRule } from './auth/plugin';

/** The table's columns: every role, in the order of src/shared/roles. */
export const ROLE_COLUMNS = ROLES;

/** Whether a role may call a route. */
export function allows(rule: AccessRule, role: string | null): boolean {
  if (rule.access === 'public') return true;
  if (role === null) return false;
  return rule.access === 'user' || roleIn(role, rule.access);
}

/** The role-by-endpoint table of docs/access.md, made from the routes' own access rules. */
export function accessTableMarkdown(rules: AccessRule[]): string {
  const header = `| endpoint | visitor | ${ROLE_COLUMNS.join(' | ')} |`;
  const divider = `| --- | --- | ${ROLE_COLUMNS.map(() => '---').join(' | ')} |`;
  const mark = (yes: boolean) => (yes ? 'yes' : '-');
  const rows = [...rules]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map(
      (r) => `| \`${r.method} ${r.url}\` | ${mark(allows(r, null))} | ${ROLE_COLUMNS.map((role) => mark(allows(r, role))).join(' | ')} |`,
    );
  return [header, divider, ...rows].join('\n');
}
