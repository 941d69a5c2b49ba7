import { buildApp } from './app';
import { configFromEnv } from './config';
import { isStartupError } from './db/db-errors';

const config = configFromEnv();
const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' } }).catch((error: unknown) => {
  // A database that cannot be opened (in use, damaged, unreachable) is told in one line, not a stack.
  if (!isStartupError(error)) throw error;
  console.error(error.message);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
