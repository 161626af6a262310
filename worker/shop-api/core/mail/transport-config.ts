/**
 * The transport the configuration names (wrangler.jsonc vars, secrets):
 *   MAIL_TRANSPORT=smtp  SMTP_HOST, SMTP_PORT (default by security: 25, 587, 465),
 *                        SMTP_SECURITY none|starttls|tls (default starttls),
 *                        SMTP_USER + SMTP_PASSWORD (optional; never without TLS)
 *   MAIL_TRANSPORT=http  MAIL_API_URL (https; http only on localhost), MAIL_API_KEY
 * A missing or contradictory setting is no transport but a problem in words: the sender
 * leaves the mails in the outbox with that problem as their error.
 */
import type { ShopApiEnv } from "@worker/env";
import { httpTransport } from "./http-transport";
import { SMTP_SECURITIES, smtpTransport, type SmtpSecurity } from "./smtp-transport";
import type { MailTransport } from "./transport";

export type MailEnv = Pick<
  ShopApiEnv,
  "MAIL_TRANSPORT" | "SMTP_HOST" | "SMTP_PORT" | "SMTP_SECURITY" | "SMTP_USER" | "SMTP_PASSWORD" | "MAIL_API_URL" | "MAIL_API_KEY"
>;

export type TransportChoice = { transport: MailTransport } | { problem: string };

const DEFAULT_PORTS: Record<SmtpSecurity, number> = { none: 25, starttls: 587, tls: 465 };
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const isSecurity = (value: string): value is SmtpSecurity => SMTP_SECURITIES.some((security) => security === value);
const setting = (value: string | undefined): string => value?.trim() ?? "";

export function mailTransportFromEnv(env: MailEnv): TransportChoice {
  const kind = setting(env.MAIL_TRANSPORT);
  if (kind === "smtp") return smtpFromEnv(env);
  if (kind === "http") return httpFromEnv(env);
  if (kind === "") return { problem: "No mail transport configured: set MAIL_TRANSPORT to smtp or http" };
  return { problem: `MAIL_TRANSPORT '${kind}' is neither smtp nor http` };
}

function smtpFromEnv(env: MailEnv): TransportChoice {
  const host = setting(env.SMTP_HOST);
  if (!host) return { problem: "MAIL_TRANSPORT=smtp needs SMTP_HOST" };
  const security = setting(env.SMTP_SECURITY) || "starttls";
  if (!isSecurity(security)) return { problem: `SMTP_SECURITY '${security}' is none of ${SMTP_SECURITIES.join(", ")}` };
  const portText = setting(env.SMTP_PORT);
  const port = portText ? Number(portText) : DEFAULT_PORTS[security];
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return { problem: `SMTP_PORT '${portText}' is not a port number` };
  const username = setting(env.SMTP_USER);
  const password = env.SMTP_PASSWORD ?? "";
  if (Boolean(username) !== Boolean(password)) return { problem: "SMTP_USER and SMTP_PASSWORD go together: set both or neither" };
  if (username && security === "none") return { problem: "SMTP credentials are never sent without TLS: set SMTP_SECURITY to starttls or tls" };
  return { transport: smtpTransport({ host, port, security, ...(username ? { credentials: { username, password } } : {}) }) };
}

function httpFromEnv(env: MailEnv): TransportChoice {
  const urlText = setting(env.MAIL_API_URL);
  const key = setting(env.MAIL_API_KEY);
  if (!urlText || !key) return { problem: "MAIL_TRANSPORT=http needs MAIL_API_URL and MAIL_API_KEY" };
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return { problem: `MAIL_API_URL '${urlText}' is not a URL` };
  }
  if (url.username || url.password) return { problem: "MAIL_API_URL may not carry credentials (the key goes in MAIL_API_KEY)" };
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) {
    return { problem: "MAIL_API_URL must be https (http only on localhost)" };
  }
  return { transport: httpTransport({ url: url.href, key }) };
}
