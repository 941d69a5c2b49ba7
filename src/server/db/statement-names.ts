import { createHash } from 'node:crypto';

/** Statement names by their text: each is hashed once, not at every query. */
const statementNames = new Map<string, string>();

/** The name a statement is prepared under: one per text, so a session prepares it once and plans it from then on. */
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `hf_${createHash('sha1').update(sql).digest('base64url').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}
