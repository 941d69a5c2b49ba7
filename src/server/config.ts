import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export interface ServerConfig {
  port: number;
  host: string;
  /** The output of npm run build: dist/client (assets) and dist/pages (prerendered HTML). */
  distDir: string;
}

export function configFromEnv(env = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    distDir: env.DIST_DIR ?? join(root, 'dist'),
  };
}
