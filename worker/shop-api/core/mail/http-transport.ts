/**
 * An HTTP mail API (Resend-style): POST {from, to, reply_to?, subject, html, text, headers?, attachments?
 * [{filename, content (base64), content_type}]} as JSON with
 * `Authorization: Bearer <key>` and an `Idempotency-Key` (the outbox row's, so a retry
 * after a lost answer is not sent twice by providers that honour it). Any answer but
 * 2xx, a network error or a timeout is a failed attempt.
 */
import { SEND_TIMEOUT_MS, type MailMessage, type MailTransport } from "./transport";

export interface HttpMailApiSettings {
  url: string;
  key: string;
}

/** How much of a refusal's body goes into the outbox's last_error. */
const ERROR_BODY_CHARS = 300;

export function httpTransport(settings: HttpMailApiSettings): MailTransport {
  return {
    name: `http ${settings.url}`,
    async send(message: MailMessage): Promise<void> {
      const response = await fetch(settings.url, {
        method: "POST",
        headers: { authorization: `Bearer ${settings.key}`, "content-type": "application/json", "idempotency-key": message.id },
        body: JSON.stringify({
          from: message.from,
          to: message.to,
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.attachments
            ? { attachments: message.attachments.map((file) => ({ filename: file.fileName, content: file.base64, content_type: file.contentType })) }
            : {}),
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`the mail API answered ${response.status}: ${body.slice(0, ERROR_BODY_CHARS)}`);
    },
  };
}
