import { randomUUID } from 'node:crypto';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Queryable } from '../db/database';
import type { CatalogForm, FormCatalog } from '../forms/form-catalog';
import { checkFields } from '../forms/form-checks';
import { isUuid } from '../../shared/uuid';
import { personKeysOf } from '../people/person-keys';

/** Documents read from Firestore a page at a time. */
const PAGE_SIZE = 500;

export interface ImportReport {
  imported: number;
  /** Brought over by an earlier run. */
  alreadyImported: number;
  /** Copies this site wrote itself (the firestore target): their leads are here already. */
  ownCopies: number;
  /** Documents no form accepts, with the reason, left where they are. */
  refused: { document: string; reason: string }[];
}

/** The forms whose records the company's earlier site kept in a Firestore collection: those with a firestore target. */
export function firestoreCollections(catalog: FormCatalog): Map<string, CatalogForm[]> {
  const collections = new Map<string, CatalogForm[]>();
  for (const form of catalog.forms.values()) {
    // An alias answers with a form listed here already.
    if (form.aliasOf || !form.definition.submit.targets.some((t) => t.type === 'firestore')) continue;
    const { collection } = form.definition;
    collections.set(collection, [...(collections.get(collection) ?? []), form]);
  }
  return collections;
}

/**
 * The form a document was sent with: of the collection's forms, the one whose schema accepts it that keeps the most of
 * its fields (a consultation with a district is the district variant's); else the first form's complaint.
 */
function formForDocument(forms: CatalogForm[], document: Record<string, unknown>) {
  let best: { form: CatalogForm; data: Record<string, unknown> } | null = null;
  let complaint = 'no form takes it';
  for (const form of forms) {
    const { data, errors } = checkFields(form, document);
    if (errors.length) {
      if (!best) complaint = errors.map((e) => `${e.field || 'form'}: ${e.message}`).join('; ');
      continue;
    }
    if (!best || Object.keys(data).length > Object.keys(best.data).length) best = { form, data };
  }
  return best ?? { complaint };
}

/** When the lead was sent: its postDateTime as the earlier site wrote it, else when Firestore created the document. */
function sentAt(document: Record<string, unknown>, snapshot: QueryDocumentSnapshot): Date {
  const written = typeof document.postDateTime === 'string' ? new Date(document.postDateTime) : null;
  return written && !Number.isNaN(written.getTime()) ? written : snapshot.createTime.toDate();
}

async function* documentsOf(firestore: Firestore, collection: string) {
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    let query = firestore.collection(collection).orderBy('__name__').limit(PAGE_SIZE);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    yield* page.docs;
    if (page.size < PAGE_SIZE) return;
    after = page.docs[page.docs.length - 1];
  }
}

/**
 * Brings the leads the earlier site kept in Firestore into the leads inbox, once: each remembers its document, so a
 * second run adds nothing. A document is checked by the schema of the form it was sent with, like every lead; one no
 * form accepts is reported and left behind. No mail goes out: these leads were answered on the earlier site.
 */
export async function importFirestoreLeads(db: Queryable, firestore: Firestore, catalog: FormCatalog): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, alreadyImported: 0, ownCopies: 0, refused: [] };
  for (const [collection, forms] of firestoreCollections(catalog)) {
    for await (const snapshot of documentsOf(firestore, collection)) {
      const name = `${collection}/${snapshot.id}`;
      if (isUuid(snapshot.id) && (await db.query('select 1 from submissions where id = $1', [snapshot.id])).length) {
        report.ownCopies++;
        continue;
      }
      const document = snapshot.data();
      const match = formForDocument(forms, document);
      if ('complaint' in match) {
        report.refused.push({ document: name, reason: match.complaint });
        continue;
      }
      const { form, data } = match;
      const person = personKeysOf(data);
      const inserted = await db.query(
        `insert into submissions (id, form_id, collection, page, city, data, created_at, imported_from, person_id)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, person_of($9, $10))
         on conflict (imported_from) where imported_from is not null do nothing returning 1`,
        [
          randomUUID(),
          form.definition.id,
          collection,
          `firestore:${collection}`,
          typeof data.city === 'string' ? data.city : null,
          JSON.stringify(data),
          sentAt(document, snapshot),
          `firestore:${name}`,
          person.phone,
          person.email,
        ],
      );
      report[inserted.length ? 'imported' : 'alreadyImported']++;
    }
  }
  return report;
}
