// A tiny SMTP server for tests (node:net): EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT, no TLS and no auth.
// Start it, start the test server with `SMTP_URL: smtp.url`, and read what arrived with `lastMailTo(address)`,
// which looks at every message any test SMTP server in this process received.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseMail, type ParsedMail } from './mail-message';

export interface ReceivedMail extends ParsedMail {
  /** MAIL FROM address. */
  envelopeFrom: string;
  /** RCPT TO addresses. */
  recipients: string[];
  /** The DATA section with dot-stuffing undone. */
  raw: string;
  receivedAt: number;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

const everything: ReceivedMail[] = [];

/** The most recent message delivered to `address` (case-insensitive), or undefined. */
export function lastMailTo(address: string): ReceivedMail | undefined {
  const wanted = address.toLowerCase();
  for (let i = everything.length - 1; i >= 0; i--) {
    if (everything[i].recipients.some((r) => r.toLowerCase() === wanted)) return everything[i];
  }
  return undefined;
}

/** Every message delivered to `address`, oldest first. */
export function mailsTo(address: string): ReceivedMail[] {
  const wanted = address.toLowerCase();
  return everything.filter((m) => m.recipients.some((r) => r.toLowerCase() === wanted));
}

/** The value of query parameter `key` in the first link of a mail's text that contains `path` (e.g. '#/reset/finish'). */
export function linkKey(mail: ReceivedMail, path: string): string | undefined {
  const line = mail.text.split('\n').find((l) => l.includes(path) && /^https?:\/\//.test(l.trim()));
  if (!line) return undefined;
  const query = line.trim().split('?')[1] ?? '';
  return new URLSearchParams(query).get('key') ?? undefined;
}

const address = (arg: string) => /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim();

function serve(socket: Socket, messages: ReceivedMail[]): void {
  let buffer = '';
  let inData = false;
  let data: string[] = [];
  let from = '';
  let recipients: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);
  const argument = (line: string) => address(line.slice(line.indexOf(':') + 1));
  const command = (line: string) => {
    switch (line.slice(0, 4).toUpperCase()) {
      case 'EHLO':
        return reply('250-localhost greets you\r\n250-8BITMIME\r\n250 SMTPUTF8');
      case 'HELO':
        return reply('250 localhost');
      case 'MAIL':
        from = argument(line);
        recipients = [];
        return reply('250 OK');
      case 'RCPT':
        recipients.push(argument(line));
        return reply('250 OK');
      case 'DATA':
        inData = true;
        data = [];
        return reply('354 End data with <CR><LF>.<CR><LF>');
      case 'RSET':
        from = '';
        recipients = [];
        return reply('250 OK');
      case 'NOOP':
        return reply('250 OK');
      case 'QUIT':
        reply('221 Bye');
        return socket.end();
      default:
        return reply('502 Command not implemented');
    }
  };
  const dataLine = (line: string) => {
    if (line !== '.') {
      data.push(line.startsWith('..') ? line.slice(1) : line);
      return;
    }
    inData = false;
    const raw = data.join('\r\n');
    const mail: ReceivedMail = { ...parseMail(raw), envelopeFrom: from, recipients, raw, receivedAt: Date.now() };
    messages.push(mail);
    everything.push(mail);
    reply('250 OK: queued');
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\r\n')) !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      if (inData) dataLine(line);
      else command(line);
    }
  });
  socket.on('error', () => {});
  reply('220 localhost ESMTP test server');
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, messages);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
