/**
 * The newsletter's mails (docs/decisions/0040): the confirmation of a sign-up (double
 * opt-in: the link opens the shop's confirmation page, whose one button confirms) and the
 * voucher the confirmation earns. Texts: locales/<lang>/newsletter.json (`mail.*`).
 *
 * Every one carries the unsubscribe link, as a note at its end and as the `List-Unsubscribe`
 * header. Links are paths of the shop (domain/routes.ts) made absolute on the shop's own origin
 * by the sender; their tokens are secrets, shown hidden in the back office's outbox view.
 */
import { z } from "zod";
import { defineTemplate, footnote, heading, link, paragraph, shopPath, type MailLinks, type Texts } from "./template-kit";

const line = z.string().trim().min(1).max(200);
/** Texts under `mail` of newsletter.json: one part per mail and the shared unsubscribe note. */
const TEXTS = { namespace: "newsletter", prefix: "mail", footer: "newsletter" } as const;
const textsOf =
  (t: Texts, part: string): Texts =>
  (key, params) =>
    t(`${part}.${key}`, params);

/** The unsubscribe link as the header mail programs offer as their own button (RFC 2369). */
const listUnsubscribe = (params: { unsubscribePath: string }, links: MailLinks) => ({
  "List-Unsubscribe": `<${links.url(params.unsubscribePath, { secret: true })}>`,
});

const unsubscribeNote = (t: Texts, links: MailLinks, path: string) => footnote(t("unsubscribe.text"), t("unsubscribe.link"), links.url(path, { secret: true }));

/** The voucher's value as written for the mail's language, e.g. `10,00 €`. */
const amount = z.string().trim().min(1).max(40);

const confirmationParams = z.object({ name: line, amount, confirmPath: shopPath, unsubscribePath: shopPath }).strict();

/** Double opt-in: the link to the confirmation page; whoever did not sign up ignores it. */
const newsletterConfirmation = defineTemplate(
  confirmationParams,
  (params, shared, shopName, links) => {
    const t = textsOf(shared, "confirmation");
    return {
      subject: t("subject", { shop: shopName }),
      blocks: [
        heading(t("heading")),
        paragraph(t("greeting", { name: params.name })),
        paragraph(t("intro", { shop: shopName })),
        link(t("button"), links.url(params.confirmPath, { secret: true })),
        paragraph(t("voucher", { amount: params.amount })),
        paragraph(t("notYou")),
        paragraph(t("closing", { shop: shopName })),
        unsubscribeNote(shared, links, params.unsubscribePath),
      ],
    };
  },
  { ...TEXTS, headers: listUnsubscribe },
);

const voucherParams = z
  .object({
    name: line,
    code: z.string().regex(/^[A-Z]{2,8}(-[0-9A-Z]{4}){3}$/),
    amount,
    cartPath: shopPath,
    unsubscribePath: shopPath,
  })
  .strict();

/** The confirmation earned the voucher: its code and how to redeem it in the cart. */
const newsletterVoucher = defineTemplate(
  voucherParams,
  (params, shared, shopName, links) => {
    const t = textsOf(shared, "voucher");
    return {
      subject: t("subject", { amount: params.amount, shop: shopName }),
      blocks: [
        heading(t("heading")),
        paragraph(t("greeting", { name: params.name })),
        paragraph(t("intro", { shop: shopName })),
        { kind: "lines", title: t("codeTitle"), lines: [params.code] },
        paragraph(t("value", { amount: params.amount })),
        paragraph(t("redeem")),
        link(t("button"), links.url(params.cartPath)),
        paragraph(t("closing", { shop: shopName })),
        unsubscribeNote(shared, links, params.unsubscribePath),
      ],
    };
  },
  { ...TEXTS, headers: listUnsubscribe },
);

export const NEWSLETTER_MAIL_TEMPLATES = {
  "newsletter-confirmation": newsletterConfirmation,
  "newsletter-voucher": newsletterVoucher,
};
