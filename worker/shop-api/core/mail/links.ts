/**
 * Links a mail gets when it is rendered rather than when it is enqueued: the order
 * confirmation's signed returns link (core/returns-link.ts) covers the order number, which
 * the order's batch assigns only after the mail's row was written (ADR 0035), and its
 * secret never lands in the outbox; the offer mail's signed link (core/offer-link.ts) the
 * same way. Sending renders with them; the staff's preview shows them hidden. Without a
 * usable RMA_LINK_SECRET (OFFER_LINK_SECRET) the mail goes without the link.
 */
import type { Environment } from "@config/shop-config";
import { shopDirectory } from "@config/shops";
import type { ShopApiEnv } from "@worker/env";
import { offerLinkPath, offerLinkSignature } from "../offer-link";
import { linkSecret, returnsLinkPath, returnsLinkSignature } from "../returns-link";
import { shopOrigin, type MailToRender, type SignedLinks } from "./templates";

export type MailLinkEnv = Pick<ShopApiEnv, "RMA_LINK_SECRET" | "OFFER_LINK_SECRET">;

/** The links of a mail to `recipient`; none for templates that have none. */
export async function mailLinks(mail: MailToRender, recipient: string, env: MailLinkEnv, environment: Environment): Promise<SignedLinks> {
  if (mail.template === "offer") return offerLinks(mail, recipient, env, environment);
  if (mail.template !== "order-confirmation") return {};
  const params = (mail.params ?? {}) as { orderNumber?: unknown; returnsLink?: unknown };
  const secret = linkSecret(env.RMA_LINK_SECRET);
  const shop = shopDirectory.shop(mail.shopId);
  if (params.returnsLink !== true || typeof params.orderNumber !== "string" || !secret || !shop) return {};
  const signature = await returnsLinkSignature(secret, shop.id, params.orderNumber, recipient);
  return { returns: `${shopOrigin(shop, environment)}${returnsLinkPath(shop, mail.language, params.orderNumber, signature)}` };
}

/** The offer mail's link to the offer page, signed for the offer and its recipient. */
async function offerLinks(mail: MailToRender, recipient: string, env: MailLinkEnv, environment: Environment): Promise<SignedLinks> {
  const params = (mail.params ?? {}) as { offerId?: unknown; offerLink?: unknown };
  const secret = linkSecret(env.OFFER_LINK_SECRET);
  const shop = shopDirectory.shop(mail.shopId);
  if (params.offerLink !== true || typeof params.offerId !== "string" || !secret || !shop) return {};
  const signature = await offerLinkSignature(secret, shop.id, params.offerId, recipient);
  return { offer: `${shopOrigin(shop, environment)}${offerLinkPath(shop, mail.language, params.offerId, signature)}` };
}
