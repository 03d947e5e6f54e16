import nodemailer from 'nodemailer';

/** SMTP settings (README 'Correo'); without SMTP_HOST no mail is sent. */
export type SmtpConfig = {
  SMTP_HOST?: string;
  SMTP_PORT: number;
  SMTP_SECURE: boolean;
  SMTP_USER?: string;
  SMTP_PASS?: string;
  SMTP_FROM?: string;
};

/** `attachments`: files sent with the message (the monthly informe de gestión's PDF, docs/decisions/094). */
export type Correo = {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};
export type Mailer = { send(correo: Correo): Promise<void>; close(): void };

/**
 * One nodemailer transport for the process (it pools nothing: a digest run is a few messages a
 * day). SMTP_SECURE=true is TLS from the first byte (port 465); otherwise STARTTLS when the server
 * offers it. Timeouts keep a silent server from holding a run for minutes.
 */
export function createMailer(config: SmtpConfig): Mailer | undefined {
  if (!config.SMTP_HOST) return undefined;
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(correo) {
      await transport.sendMail({
        from: config.SMTP_FROM,
        to: correo.to,
        subject: correo.subject,
        text: correo.text,
        attachments: correo.attachments,
      });
    },
    close: () => transport.close(),
  };
}
