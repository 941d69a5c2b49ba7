import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { preparedQuery } from '../../src/server/db/pglite-prepared';
import { statementName } from '../../src/server/db/statement-names';

// PGlite plans every query anew; the engine runs each query with plain parameters as a statement prepared once for
// the session, with the same answers as the query itself.
describe('statements prepared on PGlite', () => {
  let pg: PGlite;
  const prepared = async () => (await pg.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((r) => r.name);

  beforeAll(async () => {
    pg = new PGlite();
    await pg.query('create table notes (id int primary key, body text, data jsonb, done boolean)');
  });
  afterAll(() => pg?.close());

  it('prepares a statement at its first use and answers as the query would, every value arriving as written', async () => {
    const insert = 'insert into notes (id, body, data, done) values ($1, $2, $3::jsonb, $4) returning *';
    const body = `It's a \\backslash, a 'quote', $1 and E'\\x41' written out`;
    const rows = await preparedQuery(pg, pg, insert, [1, body, JSON.stringify({ says: "O'Brien \\ ok" }), true]);
    expect(rows).toEqual([{ id: 1, body, data: { says: "O'Brien \\ ok" }, done: true }]);
    expect(await prepared()).toContain(statementName(insert).toLowerCase());
    const again = await preparedQuery(pg, pg, 'select body, done from notes where id = $1', [1]);
    expect(again).toEqual([{ body, done: true }]);
    expect(await preparedQuery(pg, pg, 'select count(*)::int as n from notes where body = $1 or $2::text is null', ['x', null])).toEqual([
      { n: 1 },
    ]);
  });

  it('prepares a query with a date, runs one with an array as it is, and inside a transaction prepares nothing new', async () => {
    const byDate = 'select $1::timestamptz < now() as past, $1::timestamptz as at';
    expect(await preparedQuery(pg, pg, byDate, [new Date(0)])).toEqual([{ past: true, at: new Date(0) }]);
    expect(await prepared()).toContain(statementName(byDate).toLowerCase());
    const byArray = 'select $1::int[] as ids';
    expect(await preparedQuery(pg, pg, byArray, [[1, 2]])).toEqual([{ ids: [1, 2] }]);
    expect(await prepared()).not.toContain(statementName(byArray).toLowerCase());
    const inside = 'select count(*)::int as n from notes where id = $1 and done = $2';
    await pg.transaction(async (tx) => expect(await preparedQuery(pg, tx, inside, [1, true])).toEqual([{ n: 1 }]));
    expect(await prepared()).not.toContain(statementName(inside).toLowerCase());
  });

  it('prepares again a statement whose result a migration changed, and reports a statement that fails as itself', async () => {
    const all = 'select * from notes where id = $1';
    expect(await preparedQuery(pg, pg, all, [1])).toHaveLength(1);
    await pg.query('alter table notes add column due date');
    expect(await preparedQuery(pg, pg, all, [1])).toEqual([expect.objectContaining({ id: 1, due: null })]);
    expect(await preparedQuery(pg, pg, all, [1])).toEqual([expect.objectContaining({ id: 1, due: null })]);
    await expect(preparedQuery(pg, pg, 'select * from no_such_table where id = $1', [1])).rejects.toThrow(/no_such_table/);
  });
});
