/**
 * The offer mail (docs/decisions/0039): staff sent (or revised) an offer for an offer
 * request; the customer reads its lines, total, validity and the staff's note, and opens it by
 * the signed link (core/offer-link.ts, signed when the mail is rendered, so the outbox never
 * holds it and the staff's view shows it hidden). Texts: locales/<lang>/offers.json (`offer.*`,
 * the footer `layout.offer`), in the offer request's language.
 */
import { z } from "zod";
import { OFFER_ID, OFFER_LIMITS } from "@domain/offers";
import { defineTemplate, heading, link, paragraph } from "./template-kit";

const line = z.string().trim().min(1).max(200);
const money = z.string().trim().min(1).max(40);

const offerParams = z
  .object({
    offerId: z.string().regex(OFFER_ID),
    inquiryId: line,
    /** The customer's name as the request gave it. */
    name: line,
    productName: line,
    lines: z
      .array(z.object({ sku: line, name: line, quantity: z.number().int().min(1), packagePrice: money, rowTotal: money }).strict())
      .min(1)
      .max(OFFER_LIMITS.maxLines),
    total: money,
    /** The last day, written for the mail's language. */
    validUntil: line,
    /** The staff's note (plain text); empty for none. */
    message: z.string().max(OFFER_LIMITS.messageMax),
    /** Sent again after staff changed it. */
    revised: z.boolean(),
    /** The mail carries the offer's signed link (links.ts signs it when the mail is rendered). */
    offerLink: z.literal(true),
  })
  .strict();

const offerMail = defineTemplate(
  offerParams,
  (params, t, shopName, links) => ({
    subject: t(params.revised ? "revisedSubject" : "subject", { offer: params.offerId, shop: shopName }),
    blocks: [
      heading(t(params.revised ? "revisedHeading" : "heading")),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t("intro", { inquiry: params.inquiryId, product: params.productName })),
      {
        kind: "list",
        title: t("linesTitle"),
        items: params.lines.map((item) => t("line", { ...item, quantity: item.quantity })),
      },
      { kind: "lines", title: t("totalTitle"), lines: [t("total", { total: params.total }), t("validity", { date: params.validUntil })] },
      ...(params.message.trim() ? [{ kind: "lines" as const, title: t("messageTitle"), lines: params.message.split("\n") }] : []),
      ...(links.offer ? [link(t("button"), links.offer), paragraph(t("howTo"))] : [paragraph(t("noLink"))]),
      paragraph(t("expiry")),
      paragraph(t("reference", { offer: params.offerId })),
      paragraph(t("closing", { shop: shopName })),
    ],
  }),
  { footer: "offer", namespace: "offers" },
);

export const OFFER_MAIL_TEMPLATES = { offer: offerMail };
