/**
 * The signed returns link of an order (docs/decisions/0038): the order confirmation
 * mail links to `{prefix}/returns/?order=NUMBER&sig=SIG`, which opens the returns form for that
 * order without anything typed. SIG is an HMAC-SHA256 (first 16 bytes, base64url) with the
 * secret RMA_LINK_SECRET over the shop, the order number and the order's e-mail (lower case),
 * so it names exactly one order of one shop and nobody can make one without the secret. The
 * link carries no time of its own: it opens the order as long as the order exists, and what
 * can be returned follows the lines' return windows.
 *
 * Here because two modules use it: the checkout's confirmation mail (rendered by core/mail)
 * and the returns module, which checks it (POST /apiv2/rma/link).
 */
import { returnsPath, type ShopRouting } from "@domain/routes";

/** Secrets shorter than this are not used (no link is signed, every link is refused). */
export const MIN_LINK_SECRET_LENGTH = 32;
const SIGNATURE_BYTES = 16;
export const LINK_SIGNATURE = /^[A-Za-z0-9_-]{22}$/;

const base64url = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

/** The secret when it is usable, else null (unset or too short). */
export function linkSecret(secret: string | undefined): string | null {
  return secret && secret.length >= MIN_LINK_SECRET_LENGTH ? secret : null;
}

/** The first 16 bytes of HMAC-SHA256 of `data` with `secret`, base64url: the signature of a signed link (this one, core/offer-link.ts). */
export async function linkSignature(secret: string, data: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(data))).subarray(0, SIGNATURE_BYTES));
}

/** True when `signature` is well-formed and equals `expected`; compared in constant time. */
export function sameLinkSignature(expected: string, signature: string): boolean {
  if (!LINK_SIGNATURE.test(signature) || signature.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}

/** The signature of the returns link of an order. */
export function returnsLinkSignature(secret: string, shopId: string, orderNumber: string, email: string): Promise<string> {
  return linkSignature(secret, `rma-link\n${shopId}\n${orderNumber}\n${email.trim().toLowerCase()}`);
}

/** True when `signature` is the order's; compared in constant time. */
export async function isReturnsLinkSignature(secret: string, shopId: string, orderNumber: string, email: string, signature: string): Promise<boolean> {
  return sameLinkSignature(await returnsLinkSignature(secret, shopId, orderNumber, email), signature);
}

/** The returns page's path with the order and its signature: `{prefix}/returns/?order=DE-100001&sig=...`. */
export function returnsLinkPath(shop: ShopRouting, language: string, orderNumber: string, signature: string): string {
  return `${returnsPath(shop, language)}?order=${encodeURIComponent(orderNumber)}&sig=${signature}`;
}
