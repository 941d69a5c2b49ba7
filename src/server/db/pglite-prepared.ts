import type { PGlite, Transaction } from '@electric-sql/pglite';
import { statementName } from './statement-names';

/**
 * PGlite has no named statements of the wire protocol, so each query is parsed and planned anew: for the statement that
 * stores submissions, more than a third of its time. SQL's own PREPARE and EXECUTE keep the plan for the session;
 * EXECUTE takes its arguments as literals, which is what PGlite sends parameters as anyway (text). Only plain values
 * (strings, numbers, booleans, dates, null) are written so; a query with any other (bytes, an array) runs as before.
 */

/** A value as an escape-string literal (E'…', whatever standard_conforming_strings says), or undefined if not plain. */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'boolean') return value ? `'t'` : `'f'`;
  // As PGlite sends a date: its ISO text.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : `'${value.toISOString()}'`;
  return undefined;
}

/** The names prepared in each session: a database reopened after a crash is a new session with none. */
const preparedIn = new WeakMap<PGlite, Set<string>>();

const codeOf = (error: unknown) => (error as { code?: string })?.code;

/**
 * Runs a query on the session, prepared where it can be. Outside a transaction a statement is prepared at its first
 * use (two callers racing to prepare it both succeed); inside one only statements already prepared run so, since a
 * failed PREPARE there would end the transaction.
 */
export async function preparedQuery(pg: PGlite, on: PGlite | Transaction, sql: string, params: unknown[] = []) {
  const literals = params.map(literalOf);
  if (!params.length || literals.some((l) => l === undefined)) return (await on.query(sql, params)).rows;
  let prepared = preparedIn.get(pg);
  if (!prepared) preparedIn.set(pg, (prepared = new Set()));
  const name = statementName(sql);
  if (!prepared.has(name)) {
    if (on !== pg) return (await on.query(sql, params)).rows;
    try {
      await pg.query(`prepare ${name} as ${sql}`);
    } catch (error) {
      // 42P05: prepared by a query that ran meanwhile. Any other failure is the statement's own: run it as it is.
      if (codeOf(error) !== '42P05') return (await on.query(sql, params)).rows;
    }
    prepared.add(name);
  }
  const execute = `execute ${name}(${literals.join(', ')})`;
  try {
    return (await on.query(execute)).rows;
  } catch (error) {
    // 0A000: a migration changed what the statement returns since it was prepared: prepared again at its next use.
    if (codeOf(error) !== '0A000' || on !== pg) throw error;
    prepared.delete(name);
    await pg.query(`deallocate ${name}`);
    return (await on.query(sql, params)).rows;
  }
}
