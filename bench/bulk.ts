/**
 * Bulk fills without an index insert per row: the indexes of `tables` that back no constraint are dropped,
 * `fill` runs, and each index is built again from its own definition (`pg_indexes.indexdef`, so exactly as
 * the migrations made it) with room to sort. Run inside the caller's transaction.
 */
import type pg from 'pg';

export async function withoutIndexes<T>(client: pg.Client | pg.PoolClient, tables: string[], fill: () => Promise<T>) {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = any($1::text[])
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index "${r.name}"`);
  const result = await fill();
  await client.query("set local maintenance_work_mem = '256MB'");
  for (const r of rows) await client.query(r.def);
  return result;
}
