import { startSmtp } from './smtp-sink';
import { startTestServer, type DatabaseKind } from './test-server';

/** The site's links in mail point here (PUBLIC_URL), never at the address a request came to. */
export const PUBLIC_URL = 'https://hireframe.test';

/** A server whose outbox mails to a real SMTP server on loopback, sent when a test runs the outbox. */
export async function startMailedServer(kind: DatabaseKind) {
  const mailServer = await startSmtp();
  const server = await startTestServer({
    kind,
    site: false,
    config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000, smtpUrl: mailServer.url, publicUrl: PUBLIC_URL },
  });
  return {
    mailServer,
    server,
    close: async () => {
      await server.close();
      await mailServer.close();
    },
  };
}
