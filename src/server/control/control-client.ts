// The CLI's side of the control socket (see control-server.ts).
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

/** Nobody listens: no socket file, or one a dead process left behind. */
const noServer = (error: NodeJS.ErrnoException) => error.code === 'ENOENT' || error.code === 'ECONNREFUSED';

/**
 * Sends one request to the server that holds dataDir; undefined when no server runs there. The answer's body is
 * left to the caller to read.
 */
export function controlRequest(
  dataDir: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<IncomingMessage | undefined> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = httpRequest(
      {
        socketPath: controlSocketPath(dataDir),
        method,
        path,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      resolve,
    );
    request.on('error', (error: NodeJS.ErrnoException) => (noServer(error) ? resolve(undefined) : reject(error)));
    request.end(payload);
  });
}

export async function readJsonAnswer<T>(response: IncomingMessage): Promise<T> {
  let text = '';
  for await (const chunk of response) text += chunk;
  return JSON.parse(text) as T;
}

/** Whether a live server answers on dataDir's control socket. */
export async function controlAnswers(dataDir: string): Promise<boolean> {
  const response = await controlRequest(dataDir, 'GET', '/status');
  if (!response) return false;
  response.resume();
  return true;
}
