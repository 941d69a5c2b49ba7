import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create();
await db.query("create table t (id bigserial primary key, v int)");
await db.query("insert into t (v) values (1)");
const r = await db.query<{id: unknown}>("update t set v = 2 where id in (select id from t where ($2 or true) limit $3 for update skip locked) returning id, now() + make_interval(secs => $1) as x, least(15 * power(2, least(v, 8)), 3600) as b", [60, false, 10]);
console.log(r.rows, typeof r.rows[0].id);
console.log((await db.query("update t set v=3 where id = $1 returning id", [r.rows[0].id])).rows);
