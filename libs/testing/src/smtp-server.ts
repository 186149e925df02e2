import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as sent after DATA. */
  data: string;
  messageId: string | undefined;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /**
   * `silent`: accepts TCP and never greets (the stalled server nodemailer waits on);
   * `ok`: a minimal SMTP conversation that accepts every mail.
   */
  behave(mode: 'silent' | 'ok'): void;
  /** How many connections it accepted, whatever the mode. */
  readonly connections: number;
  close(): Promise<void>;
}

/** A tiny SMTP server for tests: just enough of RFC 5321 for nodemailer over plain TCP. */
export async function startTestSmtpServer(mode: 'silent' | 'ok'): Promise<TestSmtpServer> {
  let current = mode;
  let connections = 0;
  const sockets = new Set<Socket>();
  const received: ReceivedMail[] = [];
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (current === 'silent') return;
    converse(socket, received);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    behave: (next) => {
      current = next;
    },
    get connections() {
      return connections;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function converse(socket: Socket, received: ReceivedMail[]): void {
  let buffer = '';
  let inData = false;
  let mail: ReceivedMail = { from: '', to: [], data: '', messageId: undefined };
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 test.smtp ESMTP ready');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        mail.data = buffer.slice(0, end);
        mail.messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(mail.data)?.[1];
        received.push(mail);
        mail = { from: '', to: [], data: '', messageId: undefined };
        buffer = buffer.slice(end + 5);
        inData = false;
        reply('250 OK queued');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 test.smtp');
      else if (verb === 'MAIL') {
        mail.from = line.slice(10);
        reply('250 OK');
      } else if (verb === 'RCPT') {
        mail.to.push(line.slice(8));
        reply('250 OK');
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('250 OK');
    }
  });
}
