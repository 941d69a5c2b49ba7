// npm run dev: the Vite dev server with hot reload (http://localhost:5173) and the API it proxies to, in one process.
// Pages, blocks and styles reload as you save; restart for changes to src/server.
import { createServer } from 'vite';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';

const config = { ...configFromEnv(), port: 3001, host: '127.0.0.1' };
const api = await buildApp({ config, site: false, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
await api.listen({ port: config.port, host: config.host });

const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([vite.close(), api.close()]).then(() => process.exit(0)));
}
