// npm run create-user -- --username asha --password 'a long password' --role ADMIN [--name "Asha Rao"] [--email a@x.in] [--city Surat]
// Creates a staff account in the database npm start uses (DATA_DIR or DATABASE_URL): the first admin of a fresh install.
import { parseArgs } from 'node:util';
import { configFromEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { createUser, ROLES } from '../src/server/auth/users';
import { PASSWORD_RULE, isStrongEnough } from '../src/server/auth/passwords';

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
const fail = (message: string) => {
  console.error(message);
  process.exit(2);
};
if (!values.username || !values.password || !values.role) {
  fail('Usage: npm run create-user -- --username U --password P --role ADMIN [--name N] [--email E] [--city C]');
}
const role = values.role!.toUpperCase();
if (!/^[A-Z][A-Z_]{1,30}$/.test(role)) fail(`Roles are written like ${ROLES.join(', ')}.`);
if (!/^[a-z0-9._-]{3,40}$/i.test(values.username!)) fail('Usernames are 3-40 letters, digits, dots, hyphens or underscores.');
if (!isStrongEnough(values.password!)) fail(`That password is too short. ${PASSWORD_RULE}`);
if (role === 'FBDE' && !values.city) fail('An FBDE works a franchise city: add --city.');

const config = configFromEnv();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const taken = await db.query('select 1 from users where username = $1', [values.username!.toLowerCase()]);
  if (taken.length) fail(`The username ${values.username} is taken.`);
  const { id } = await createUser(db, {
    username: values.username!,
    password: values.password!,
    role,
    fullName: values.name,
    email: values.email,
    city: values.city,
  });
  console.log(`Created ${role} ${values.username!.toLowerCase()} (${id}) in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.`);
} finally {
  await db.close();
}
