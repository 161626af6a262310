/**
 * SMTP through `worker-mailer`, which speaks SMTP over the Workers runtime's TCP sockets
 * (`connect()` of `cloudflare:sockets`). One connection per mail: a failure can never
 * leave a later mail waiting on a broken session. Security: `none` (plain, for the local
 * catcher), `starttls` (upgrade after EHLO when the server offers it) or `tls` (TLS from
 * the first byte, usually port 465); credentials are sent with AUTH PLAIN, LOGIN or
 * CRAM-MD5, whichever the server offers.
 *
 * worker-mailer is loaded when the first mail is sent: its `cloudflare:sockets` import
 * exists only in the Workers runtime, and code that merely enqueues or configures mail
 * (and Node tests of it) never needs it.
 */
import type { WorkerMailerOptions } from "worker-mailer";
import { parseMailbox } from "@worker/lib/mailbox";
import { SEND_TIMEOUT_MS, withinSendTimeout, type MailMessage, type MailTransport } from "./transport";

export const SMTP_SECURITIES = ["none", "starttls", "tls"] as const;
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];

export interface SmtpSettings {
  host: string;
  port: number;
  security: SmtpSecurity;
  credentials?: { username: string; password: string };
}

/** worker-mailer's options for the settings (its socket timeout is also its wait for each server answer). */
export function smtpMailerOptions(settings: SmtpSettings): WorkerMailerOptions {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.security === "tls",
    startTls: settings.security === "starttls",
    ...(settings.credentials ? { credentials: settings.credentials, authType: ["plain", "login", "cram-md5"] } : {}),
    socketTimeoutMs: SEND_TIMEOUT_MS,
  };
}

export function smtpTransport(settings: SmtpSettings): MailTransport {
  const options = smtpMailerOptions(settings);
  return {
    name: `smtp ${settings.host}:${settings.port} (${settings.security})`,
    async send(message: MailMessage): Promise<void> {
      const from = parseMailbox(message.from);
      if (!from) throw new Error(`the sender '${message.from}' is not a mailbox`);
      const domain = from.address.split("@")[1]!;
      const deliver = async () => {
        const { LogLevel, WorkerMailer } = await import("worker-mailer");
        const mailer = await WorkerMailer.connect({ ...options, logLevel: LogLevel.WARN });
        try {
          await mailer.send({
            from: { name: from.name, email: from.address },
            to: message.to,
            ...(message.replyTo ? { reply: message.replyTo } : {}),
            subject: message.subject,
            text: message.text,
            html: message.html,
            headers: { ...message.headers, "Message-ID": `<${message.id}@${domain}>` },
            ...(message.attachments
              ? { attachments: message.attachments.map((file) => ({ filename: file.fileName, content: file.base64, mimeType: file.contentType })) }
              : {}),
          });
        } finally {
          await mailer.close();
        }
      };
      await withinSendTimeout(deliver(), `SMTP delivery to ${settings.host}:${settings.port}`);
    },
  };
}
