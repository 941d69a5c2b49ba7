import fp from 'fastify-plugin';
import fastifyRateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { createHitCounter } from './rate-limit-window';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type StoreOptions = RateLimitPluginOptions & { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

/** @fastify/rate-limit's store on the rate_limits table: a limit holds across every process on one database. */
function databaseStore(db: Queryable) {
  const countHit = createHitCounter(db);
  return class DatabaseRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: StoreCallback, timeWindow: number) {
      countHit(`${this.prefix}${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    /** A route's own bucket, unless it shares a group's (groupId is already part of the key then). */
    child(options: StoreOptions) {
      const route = options.routeInfo;
      return new DatabaseRateLimitStore(options.groupId || !route?.url ? '' : `${[route.method].flat().join(',')} ${route.url}:`);
    }
  };
}

/**
 * A per-minute limit for a route: `what` names what is limited in the 429's message ("submissions"). The answer is an
 * error the error handler sends in the API's one shape; the plugin sets Retry-After.
 */
export function perMinute(max: number, what: string, options: Partial<RateLimitOptions> = {}): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many ${what}. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`), { statusCode: 429 }),
    ...options,
  };
}

/** The one allowance a client has for sending forms and job applications together (FORMS_PER_MINUTE). */
export const formSubmissions = (formsPerMinute: number) => perMinute(formsPerMinute, 'submissions', { groupId: 'forms' });

/** Rate limits per client address (or another key a route chooses), on routes that declare config.rateLimit. */
export default fp(
  async (app) => {
    await app.register(fastifyRateLimit, {
      global: false,
      store: databaseStore(app.db) as never,
      keyGenerator: (request: FastifyRequest) => request.ip,
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);
