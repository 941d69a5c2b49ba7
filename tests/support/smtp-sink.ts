import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { first } from './present';

export interface ReceivedMail {
  to: string[];
  subject: string;
  replyTo: string;
  html: string;
  /** Every header of the mail by lower-case name, unfolded. */
  headers: Record<string, string>;
}

/** A header as written with RFC 2047 encoded words (=?UTF-8?B?...?=, =?UTF-8?Q?...?=), as nodemailer writes non-ASCII. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Just enough MIME for what nodemailer writes: unfolded headers, and the text/html part decoded. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const header = (block: string, name: string) =>
    block.replace(/\r\n(?=[ \t])/g, '').match(new RegExp(`^${name}: *(.*)$`, 'im'))?.[1] ?? '';
  // The header block: what comes before the first blank line (split always answers at least one piece).
  const headOf = (block: string) => first(block.split('\r\n\r\n'), 'a header block');
  const head = headOf(raw);
  const htmlPart = raw.split(/\r\n--[^\r\n]+\r\n/).find((part) => /^content-type: *text\/html/im.test(headOf(part))) ?? '';
  const [, ...rest] = htmlPart.split('\r\n\r\n');
  const partHead = headOf(htmlPart);
  const body = rest.join('\r\n\r\n').replace(/\r\n--[^\r\n]+--\r\n?$/, '');
  const encoding = header(partHead, 'content-transfer-encoding').toLowerCase();
  const html =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  const headers = Object.fromEntries(
    head
      .replace(/\r\n(?=[ \t])/g, '')
      .split('\r\n')
      .map((line) => line.match(/^([^:]+): *(.*)$/))
      .filter((m) => m !== null)
      .map(([, name = '', value = '']) => [name.toLowerCase(), value]),
  );
  return { to, subject: decodeWords(header(head, 'subject')), replyTo: header(head, 'reply-to'), html, headers };
}

/** A real SMTP server on loopback that keeps what it accepts. */
export async function startSmtp(port = 0) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    mails,
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
