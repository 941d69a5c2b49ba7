// npm run import:firestore
// Brings the leads the company's earlier site kept in Firestore (ConsultationRequests, ContactForms) into the leads
// inbox of the database npm start uses (DATABASE_URL, or DATA_DIR with the server stopped). Run it as often as you like:
// a second run adds nothing. Needs FIRESTORE_PROJECT_ID and GOOGLE_APPLICATION_CREDENTIALS (or FIRESTORE_EMULATOR_HOST).
import { configOrExit } from '../src/server/config';
import { fail } from './lib/cli';
import { openDatabase } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { loadFormCatalog } from '../src/server/forms/form-catalog';
import { loadSiteConfig } from '../src/server/site-config/load-site-config';
import { connectFirestore } from '../src/server/firestore/firestore-client';
import { firestoreCollections, importFirestoreLeads } from '../src/server/firestore/import-leads';

const config = configOrExit(2);
const connection = await connectFirestore(process.env);
if (!connection) fail('Set FIRESTORE_PROJECT_ID (and GOOGLE_APPLICATION_CREDENTIALS, the service account file) first.');
const catalog = await loadFormCatalog(await loadSiteConfig());
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: Error) => fail(error.message));
try {
  await migrate(db);
  console.log(`Reading ${[...firestoreCollections(catalog).keys()].join(' and ')} of ${process.env.FIRESTORE_PROJECT_ID}…`);
  const report = await importFirestoreLeads(db, connection.firestore, catalog);
  console.log(
    `Imported ${report.imported} leads; ${report.alreadyImported} were imported before; ${report.ownCopies} are this site's own copies.`,
  );
  for (const { document, reason } of report.refused) console.log(`Left behind ${document}: ${reason}`);
} finally {
  await db.close();
  await connection.close();
}
