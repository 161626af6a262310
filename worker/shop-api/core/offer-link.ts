/**
 * The signed link of an offer (docs/decisions/0039): the offer mail links to
 * `{prefix}/offer/?id=O-...&sig=SIG`, which shows the offer and lets whoever holds the mail
 * accept or decline it without an account. SIG is an HMAC-SHA256 (first 16 bytes, base64url,
 * as the returns link of core/returns-link.ts) with the secret OFFER_LINK_SECRET over the
 * shop, the offer id and the offer request's e-mail (lower case), so it names exactly one
 * offer of one shop and nobody can make one without the secret. The link carries no time of
 * its own: what it can do follows the offer's state and validity.
 *
 * Here because the mail (rendered by core/mail, links.ts, so the secret never lands in the
 * outbox) and the offers module, which checks it, both need it.
 */
import { offerPath, type ShopRouting } from "@domain/routes";
import { linkSignature, sameLinkSignature } from "./returns-link";

export { linkSecret } from "./returns-link";

/** The signature of an offer's link. */
export function offerLinkSignature(secret: string, shopId: string, offerId: string, email: string): Promise<string> {
  return linkSignature(secret, `offer-link\n${shopId}\n${offerId}\n${email.trim().toLowerCase()}`);
}

/** True when `signature` is the offer's; compared in constant time. */
export async function isOfferLinkSignature(secret: string, shopId: string, offerId: string, email: string, signature: string): Promise<boolean> {
  return sameLinkSignature(await offerLinkSignature(secret, shopId, offerId, email), signature);
}

/** The offer page's path with the offer and its signature: `{prefix}/offer/?id=O-...&sig=...`. */
export function offerLinkPath(shop: ShopRouting, language: string, offerId: string, signature: string): string {
  return `${offerPath(shop, language)}?id=${encodeURIComponent(offerId)}&sig=${signature}`;
}
