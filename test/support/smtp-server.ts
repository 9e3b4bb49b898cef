import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process (no STARTTLS, any sender) that keeps every message it accepts, parsed. */
export interface TestSmtp {
  port: number;
  url: string;
  messages: { envelope: { from: string; to: string[] }; raw: Buffer; mail: ParsedMail }[];
  /** RCPT answer per recipient: null accepts, otherwise an SMTP code (4xx transient, 5xx permanent). */
  rcpt: (address: string) => number | null;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = { port: 0, url: '', messages: [], rcpt: () => null, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const code = state.rcpt(address.address);
      if (code === null) return cb();
      cb(Object.assign(new Error(code >= 500 ? 'Buzón inexistente' : 'Intente más tarde'), { responseCode: code }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            state.messages.push({ envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) }, raw, mail });
            cb();
          })
          .catch((err: Error) => cb(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
