import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; mail: ParsedMail };

/**
 * A real SMTP server on loopback that keeps every message it receives, parsed: the app's e-mails
 * are read as a person's mail client would get them. `settings` are the app's SMTP_* variables for it.
 */
export async function startSmtpCapture() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    settings: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'siniestros@oficina.test' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
