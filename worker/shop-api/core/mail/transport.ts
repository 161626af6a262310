/**
 * How a rendered mail leaves the shop: one interface, two implementations chosen by
 * configuration (transport-config.ts): SMTP (smtp-transport.ts) and an HTTP mail API
 * (http-transport.ts). `send` resolves once the provider accepted the mail and throws
 * on any failure; the sender then keeps the mail in the outbox and tries again later.
 */
export interface MailMessage {
  /** Stable per outbox row: the SMTP Message-ID's local part and the HTTP API's idempotency key. */
  id: string;
  /** `Name <address>` (the shop config's sender). */
  from: string;
  to: string;
  /** A bare address answers go to instead of `from` (optional). */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header lines (List-Unsubscribe); values never hold line breaks (the templates build them from checked paths). */
  headers?: Record<string, string>;
  /** Files the mail carries, their bytes in base64. */
  attachments?: { fileName: string; contentType: string; base64: string }[];
}

export interface MailTransport {
  /** For logs: `smtp 127.0.0.1:1025`, `http https://api.example/emails`. */
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** How long one delivery may take before it counts as failed. */
export const SEND_TIMEOUT_MS = 15_000;

/** The work's result, or a rejection after `SEND_TIMEOUT_MS` (the work itself is left to finish or fail on its own). */
export async function withinSendTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${SEND_TIMEOUT_MS / 1000} s`)), SEND_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
