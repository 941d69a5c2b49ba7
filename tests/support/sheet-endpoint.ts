import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A spreadsheet endpoint on loopback that answers what the test tells it to. */
export async function startSheet() {
  const received: { contentType?: string; body: unknown }[] = [];
  let answer = { status: 200, body: '{}' };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ contentType: request.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/sheet`,
    answer: (status: number, body: string) => void (answer = { status, body }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
