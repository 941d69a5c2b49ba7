import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Queryable } from '../db/database';
import type { FormDefinition } from '../../shared/generated/form-definition';
import { CsvFields, LEAD_COLUMNS, leadCsvLine, TRAILING_COLUMNS } from './csv';
import { CSV_BOM, csvLine } from '../../shared/csv';
import { exportBatch, fieldGroups, type ExportScope } from './export-store';

/**
 * Leads per query and per chunk of the file. Small on purpose: a batch is a few milliseconds of database and
 * formatting between two turns of the event loop, and its rows and its text (about 50 kB) die young, collected as
 * soon as they are sent; a batch of 1,000 outlived several turns, reached the old generation and grew the process by
 * 100 MB between full collections.
 */
const EXPORT_BATCH = 250;

async function* csvChunks(db: Queryable, scope: ExportScope, keys: string[]): AsyncGenerator<string> {
  yield CSV_BOM + csvLine([...LEAD_COLUMNS, ...keys, ...TRAILING_COLUMNS]);
  let after: string | undefined;
  do {
    // The event loop's turn: other requests go first.
    await nextTurn();
    const batch = await exportBatch(db, scope, after, EXPORT_BATCH);
    if (batch.leads.length) yield batch.leads.map((lead) => leadCsvLine(lead, keys)).join('');
    after = batch.next ?? undefined;
  } while (after);
}

/**
 * The CSV export as a stream: the byte order mark and header, then the leads oldest first, one batch per read, so
 * memory holds a batch whatever the export's size, the site keeps answering while a large export runs, and a client
 * that goes away stops it. The columns are found before anything is sent (a database fault still gets its error
 * answer): every field the exported leads carry, in the order they first appear (CsvFields).
 */
export async function leadsCsvStream(
  db: Queryable,
  scope: ExportScope,
  formOf: (formId: string) => FormDefinition | undefined,
): Promise<Readable> {
  const fields = new CsvFields();
  for (const group of await fieldGroups(db, scope, () => nextTurn())) fields.add(formOf(group.formId), JSON.parse(group.keys) as string[]);
  return Readable.from(csvChunks(db, scope, [...fields.keys]), { objectMode: false });
}
