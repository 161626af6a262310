import { composeMail } from "../core/mail/templates";
import { createHarness, type Harness } from "../commerce/test-support";
import { issueVoucher, issuedVoucherOf } from "../tables/vouchers";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.dispose());

const ADDRESS = { firstname: "Élodie", lastname: "Martin", street: "Rue du Rhône 12", postcode: "1204", city: "Genève", countryCode: "ch" };

async function place(shop: string, language: string, paymentMethod: string, voucher?: string) {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 }, shop, language });
  if (voucher) expect((await h.call("POST", "/apiv2/cart/voucher", { body: { code: voucher }, token: added.token, shop, language })).status).toBe(200);
  const { status, body } = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "elodie@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod, acceptTerms: true },
    token: added.token,
    shop,
    language,
  });
  expect(status).toBe(200);
  const row = await h.db
    .prepare("SELECT * FROM mail_outbox WHERE params LIKE ?")
    .bind(`%${body.data.orderNumber as string}%`)
    .first<{ shop_id: string; language: string; template: string; params: string }>();
  return {
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
  expect(mail.text).toContain("voraussichtlich bis 20.11.2026");
  expect(mail.text).toContain("per Rechnung");
  expect(mail.text).not.toContain("IBAN");
});

test("a voucher the order redeemed is a line of the totals, in the shop's language and currency", async () => {
  const issued = issueVoucher(h.db, { shopId: "CH", currency: "CHF", amount: 1000, emailKey: "elodie@example.com", now: new Date() });
  const [, readBack] = await h.db.batch([issued.statement, issued.readBack]);
  const code = issuedVoucherOf(readBack!, issued.candidate)!.voucher.code;
  const { mail } = await place("CH", "fr", "invoice", code);
  expect(mail.text).toContain(`Bon d’achat ${code} : −CHF\u00a010.00`);
  // 2 x 32.95 = 65.90 less 10.00, shipping 7.95
  expect(mail.text).toContain("Montant total : CHF\u00a063.85");
  const { mail: plain } = await place("CH", "fr", "invoice");
  expect(plain.text).not.toContain("Bon d’achat");
});
