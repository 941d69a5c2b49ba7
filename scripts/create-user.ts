// npm run create-user -- --username asha --password 'a long password' --role ADMIN [--name "Asha Rao"] [--email a@x.in] [--city Surat]
// Creates a staff account in the database npm start uses (DATA_DIR or DATABASE_URL): the first admin of a fresh install.
// While the server runs on DATA_DIR it holds the embedded database, so the account is made through its control socket.
import { parseArgs } from 'node:util';
import { configOrExit } from '../src/server/config';
import { fail } from './lib/cli';
import { openDatabase } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { addStaffAccount, checkStaffAccount } from '../src/server/control/staff-account';
import { controlRequest, readJsonAnswer } from '../src/server/control/control-client';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    city: { type: 'string' },
  },
});
const account = checkStaffAccount(values);
if ('problem' in account) fail(account.problem);

const config = configOrExit(2);
const done = (id: string, where: string) => console.log(`Created ${account.role} ${account.username.toLowerCase()} (${id}) in ${where}.`);

if (!config.databaseUrl) {
  const response = await controlRequest(config.dataDir, 'POST', '/create-user', account);
  if (response) {
    const answer = await readJsonAnswer<{ id?: string; problem?: string }>(response);
    if (response.statusCode !== 201 || !answer.id) fail(answer.problem ?? `The server answered ${response.statusCode}.`);
    done(answer.id!, `${config.dataDir} (through the running server)`);
    process.exit(0);
  }
}

// No server answers: open the database here (for PGlite this takes DATA_DIR's lock, or says who holds it).
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: Error) => fail(error.message));
let result: Awaited<ReturnType<typeof addStaffAccount>>;
try {
  await migrate(db);
  result = await addStaffAccount(db, account);
} finally {
  await db.close();
}
if ('problem' in result) fail(result.problem);
done(result.id, config.databaseUrl ? 'PostgreSQL' : config.dataDir);
