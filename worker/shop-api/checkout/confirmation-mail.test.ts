import type { CheckoutQuote } from "@domain/checkout";
import { shopDb } from "@tests/kit/d1";
import { deliveryWindow } from "@domain/delivery-window";
import { text } from "@worker/lib/texts";
import { composeMail } from "../core/mail/templates";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { issueVoucher, issuedVoucherOf } from "../tables/vouchers";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.dispose());

const ADDRESS = { firstname: "Élodie", lastname: "Martin", street: "Rue du Rhône 12", postcode: "1204", city: "Genève", countryCode: "ch" };

async function place(shop: string, language: string, paymentMethod: string, voucher?: string, billingAddress: Record<string, string> = ADDRESS) {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 }, shop, language });
  if (voucher) expect((await h.call("POST", "/apiv2/cart/voucher", { body: { code: voucher }, token: added.token, shop, language })).status).toBe(200);
  const quoted = await h.call("GET", "/apiv2/checkout/quote?mode=standard", { token: added.token, shop, language });
  const standard = (quoted.body.data as CheckoutQuote).modes.find((mode) => mode.mode === "standard")!;
  const { status, body } = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "elodie@example.com", billingAddress, deliveryMode: "standard", paymentMethod, acceptTerms: true },
    token: added.token,
    shop,
    language,
  });
  expect({ shop, language, status, errors: body.errors }).toEqual({ shop, language, status: 200, errors: [] });
  const row = await shopDb(h.env, shop)
    .prepare("SELECT * FROM mail_outbox WHERE params LIKE ?")
    .bind(`%${body.data.orderNumber as string}%`)
    .first<{ shop_id: string; language: string; template: string; params: string }>();
  return {
    standard,
    number: body.data.orderNumber as string,
    mail: composeMail({ shopId: row!.shop_id, language: row!.language, template: row!.template, params: JSON.parse(row!.params) }, "test"),
  };
}

test("the confirmation of a prepayment in the Swiss shop in French: lines, francs, bank details and the order number as reference", async () => {
  const { number, mail } = await place("CH", "fr", "prepayment");
  expect(mail.subject).toBe(`Votre commande ${number} chez Bodenhaus Schweiz`);
  expect(mail.text).toContain("2 × Produkt FLOOR-1 (réf. FLOOR-1) à CHF\u00a032.95 = CHF\u00a065.90");
  expect(mail.text).toContain("Remise de 2 % pour paiement anticipé : −CHF\u00a01.32");
  expect(mail.text).toContain("IBAN : CH93 0076 2011 6238 5295 7");
  expect(mail.text).toContain(`Référence : ${number}`);
  expect(mail.text).not.toMatch(/order-confirmation\./);
});

test("an invoice order in the German shop: euros, no bank details", async () => {
  const { mail } = await place("DE", "de", "invoice");
  // Switzerland from the German shop is abroad: parcel shipping 14.95
  expect(mail.text).toContain("Gesamtbetrag: 74,85\u00a0€");
  expect(mail.text).toContain("Lieferung: Standardversand, voraussichtlich zwischen 20.11. und 24.11.2026.");
  expect(mail.text).toContain("per Rechnung");
  expect(mail.text).not.toContain("IBAN");
});

test("a voucher the order redeemed is a line of the totals, in the shop's language and currency", async () => {
  const db = shopDb(h.env, "CH");
  const issued = issueVoucher(db, { shopId: "CH", currency: "CHF", amount: 1000, emailKey: "elodie@example.com", now: new Date() });
  const [, readBack] = await db.batch([issued.statement, issued.readBack]);
  const code = issuedVoucherOf(readBack!, issued.candidate)!.voucher.code;
  const { mail } = await place("CH", "fr", "invoice", code);
  expect(mail.text).toContain(`Bon d’achat ${code} : −CHF\u00a010.00`);
  // 2 x 32.95 = 65.90 less 10.00, shipping 7.95
  expect(mail.text).toContain("Montant total : CHF\u00a063.85");
  const { mail: plain } = await place("CH", "fr", "invoice");
  expect(plain.text).not.toContain("Bon d’achat");
});

const GERMAN = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

// The harness prices its products in DE, CH and COM; the other languages' windows are rendered in core/mail/order-confirmation.test.ts.
test("the mail's delivery window is the one the checkout quoted, written by the pages' function, in each shop language", async () => {
  for (const [shop, language, address] of [
    ["DE", "de", GERMAN],
    ["CH", "fr", ADDRESS],
    ["CH", "it", ADDRESS],
    ["CH", "de", ADDRESS],
    ["COM", "en", GERMAN],
  ] as const) {
    const { standard, mail } = await place(shop, language, "invoice", undefined, address);
    const days = deliveryWindow(standard.date!, standard.latestDate, language);
    expect(days.kind).toBe("between");
    const sentence = text(language, "mail", `order-confirmation.delivery.standard.${days.kind}`, days.params);
    expect({ shop, language, has: mail.text.includes(sentence) && mail.html.includes(sentence) }).toEqual({ shop, language, has: true });
  }
});

test("a consumer's order of an EU shop carries the withdrawal information and model form, addressed to the shop; the terms always", async () => {
  const { mail } = await place("DE", "de", "invoice", undefined, GERMAN);
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain("Widerrufsbelehrung");
    expect(part).toContain("Sie haben das Recht, binnen dreißig Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.");
    expect(part).toContain("Muster-Widerrufsformular");
    expect(part).toContain("Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag");
    expect(part).toContain("E-Mail: service@bodenhaus.example");
    expect(part).toContain("Unsere Allgemeinen Geschäftsbedingungen");
    expect(part).not.toContain("Sie können die Ware innerhalb von 30 Tagen nach Erhalt an uns zurückgeben.");
  }
});

test("a business order, an order out of the EU and the Swiss shop's get the terms and the right of return, not the withdrawal text", async () => {
  const cases = [
    {
      shop: "DE",
      language: "de",
      address: { ...GERMAN, companyName: "Muster Bau GmbH" },
      terms: "Unsere Allgemeinen Geschäftsbedingungen",
      returns: "innerhalb von 30 Tagen nach Erhalt an uns zurückgeben",
    },
    {
      shop: "DE",
      language: "de",
      address: { ...GERMAN, vatId: "DE123456789" },
      terms: "Unsere Allgemeinen Geschäftsbedingungen",
      returns: "innerhalb von 30 Tagen nach Erhalt an uns zurückgeben",
    },
    {
      shop: "DE",
      language: "de",
      address: ADDRESS,
      terms: "Unsere Allgemeinen Geschäftsbedingungen",
      returns: "innerhalb von 30 Tagen nach Erhalt an uns zurückgeben",
    },
    { shop: "CH", language: "fr", address: ADDRESS, terms: "Nos conditions générales de vente", returns: "dans les 30 jours suivant sa réception" },
  ];
  for (const { shop, language, address, terms, returns } of cases) {
    const { mail } = await place(shop, language, "invoice", undefined, address);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(terms);
      expect(part).toContain(returns);
      expect(part).not.toMatch(
        /Muster-Widerrufsformular|binnen dreißig Tagen|formulaire de rétractation|Informations concernant l’exercice du droit de rétractation/,
      );
    }
  }
});
