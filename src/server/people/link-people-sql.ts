import { personKeyList } from './person-keys';

/**
 * What the statement needs of each submission to find its person: its keys, and whether another submission of the batch
 * shares one of them without having the same keys (one person who wrote another e-mail address a few milliseconds
 * later; a double click sends the same keys twice).
 */
export function batchPersonKeys(batch: { phone: string | null; email: string | null }[]): { keys: string[]; shared: boolean }[] {
  const lists = batch.map(personKeyList);
  const listsOfKey = new Map<string, Set<string>>();
  for (const keys of lists) for (const key of keys) listsOfKey.set(key, (listsOfKey.get(key) ?? new Set()).add(keys.join(' ')));
  return lists.map((keys) => ({ keys, shared: keys.some((key) => (listsOfKey.get(key)?.size ?? 0) > 1) }));
}

/**
 * Part of the statement that stores submissions (src/server/forms/store.ts), over its `s` (each submission, numbered
 * i, with `keys`, `shared`, `phone` and `email` as batchPersonKeys and personKeysOf give them) and `ok` (those being
 * stored): `person` (i, person_id), who sent each, found by its keys or made (migration 032's people and keys).
 *
 * Set-based for the usual batch: the submissions with the same keys are one unit, found by one index probe per key or
 * made, with one insert of the new people and one of their new keys for the batch, where calling person_of for each
 * lead cost a fifth of storing it. The phone wins when the keys name different people, as in person_of. Submissions
 * whose keys overlap another's without being the same are linked by person_of one after another, so each finds what
 * the one before made; their keys are no unit's, so the two ways never meet.
 */
export const LINK_PEOPLE_CTES = `
     unit as materialized (select s.i, min(s.i) over (partition by s.keys) as first from s join ok using (i) where not s.shared),
     keyed as materialized (
       -- A subquery per key, so each is an index probe: as a join, the planner guessed the batch large and read every key.
       select s.i, k.key, k.place, (select pk.person_id from person_keys pk where pk.key = k.key) as person_id
         from s join unit on unit.i = s.i and unit.first = s.i
        cross join lateral jsonb_array_elements_text(s.keys) with ordinality k (key, place)),
     known as materialized (
       select distinct on (i) i, person_id from keyed where person_id is not null order by i, place),
     fresh as materialized (
       select i, gen_random_uuid() as person_id from (select distinct i from keyed where i not in (select i from known)) n),
     made as (insert into people (id) select person_id from fresh order by person_id),
     new_keys as (
       insert into person_keys (key, person_id)
       select k.key, coalesce(known.person_id, fresh.person_id)
         from keyed k left join known using (i) left join fresh using (i)
        where k.person_id is null order by k.key
       on conflict (key) do nothing),
     person as materialized (
       select unit.i, coalesce(known.person_id, fresh.person_id) as person_id
         from unit left join known on known.i = unit.first left join fresh on fresh.i = unit.first
       union all (select s.i, person_of(s.phone, s.email) from s join ok using (i) where s.shared order by s.i))`;
