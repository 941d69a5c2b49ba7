import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP forwarder the test can take down and bring back: PostgreSQL "going away" without touching the shared server. */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => (client.destroy(), upstream.destroy()));
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Stops listening and cuts every connection, as a PostgreSQL restart does. */
    async down() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    /** Listens again on the same port. */
    up: listen,
    close() {
      return this.down();
    },
  };
}
