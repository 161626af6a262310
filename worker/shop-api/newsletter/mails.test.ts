/**
 * The newsletter's mails as they leave the shop: signed up and confirmed through the real route
 * table, sent right after the answer through the HTTP mail transport to a local stand-in of a
 * mail API. Every link (HTML and text, and the List-Unsubscribe header) points at the shop's
 * own origin only; every mail carries the unsubscribe link; the back office sees the tokens
 * hidden; every shop language has its texts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { shopDirectory } from "@config/shops";
import { LANGUAGES, type Environment } from "@config/shop-config";
import { outboxInsert } from "../core/mail/outbox";
import { composeMail, shopOrigin } from "../core/mail/templates";
import { createNewsletterHarness, freshAddress, NOW, signedUp, type NewsletterHarness } from "@tests/kit/newsletter";

interface SentMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

let h: NewsletterHarness;
let server: Server;
const sent: SentMail[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      sent.push(JSON.parse(body) as SentMail);
      response.writeHead(200, { "content-type": "application/json" }).end('{"id":"m"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  h = await createNewsletterHarness();
  Object.assign(h.env, {
    ENVIRONMENT_NAME: "test",
    MAIL_TRANSPORT: "http",
    MAIL_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    MAIL_API_KEY: "mail-api-key-for-the-tests",
  });
});
afterAll(async () => {
  await h.dispose();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  h.setNow(NOW);
  sent.length = 0;
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const urlsOf = (mail: { html: string; text: string; headers?: Record<string, string> }): string[] => [
  ...[...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&")),
  ...[...mail.text.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi)].map((match) => match[0]),
  ...Object.values(mail.headers ?? {}).flatMap((value) => [...value.matchAll(/<([^>]+)>/g)].map((match) => match[1]!)),
];

/** Signs up and confirms in a shop: the two mails as the mail API received them. */
async function bothMails(
  shop: string,
  language: string,
  email = freshAddress(),
): Promise<{ confirmation: SentMail; voucher: SentMail; tokens: { confirmToken: string; unsubscribeToken: string } }> {
  const tokens = await signedUp(h, email, { shop, language });
  const confirmation = sent.find((mail) => mail.to === email)!;
  expect((await h.confirm(tokens.confirmToken, { shop })).status).toBe(200);
  const voucher = sent.filter((mail) => mail.to === email)[1]!;
  expect(confirmation).toBeDefined();
  expect(voucher).toBeDefined();
  return { confirmation, voucher, tokens };
}

test("the confirmation and the voucher mail: the shop's sender, its origin for every link, the unsubscribe link in both", async () => {
  const email = freshAddress();
  const { confirmation, voucher, tokens } = await bothMails("DE", "de", email);
  const origin = "http://de.localhost:8797";
  expect(confirmation).toMatchObject({
    from: "Bodenhaus <service@bodenhaus.example>",
    to: email,
    subject: "Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei Bodenhaus Deutschland",
  });
  expect(confirmation.text).toContain(`${origin}/newsletter/confirm/?token=${tokens.confirmToken}`);
  expect(confirmation.html).toContain(`href="${origin}/newsletter/confirm/?token=${tokens.confirmToken}"`);
  const unsubscribe = `${origin}/newsletter/unsubscribe/?token=${tokens.unsubscribeToken}`;
  for (const mail of [confirmation, voucher]) {
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>` });
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.text).toContain(unsubscribe);
    const urls = urlsOf(mail);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) expect(new URL(url).origin).toBe(origin);
  }
  const code = (await h.db.prepare("SELECT code FROM vouchers WHERE email_key = ?").bind(email).first<{ code: string }>())!.code;
  expect(voucher.subject).toMatch(/^Ihr Gutschein über 10,00\s€ von Bodenhaus Deutschland$/);
  expect(voucher.text).toContain(code);
  expect(voucher.html).toContain(code);
  expect(voucher.text).toContain(`${origin}/checkout/cart/`);
});

test("Italy in Italian, Switzerland in French: the shop's host and language prefix", async () => {
  const it = await bothMails("IT", "it");
  expect(it.confirmation.subject).toBe("Confermi l'iscrizione alla newsletter di Bodenhaus Italia");
  for (const url of [...urlsOf(it.confirmation), ...urlsOf(it.voucher)]) expect(new URL(url).origin).toBe("http://it.localhost:8797");
  const ch = await bothMails("CH", "fr");
  expect(ch.voucher.subject).toContain("Votre bon d'achat de");
  for (const url of [...urlsOf(ch.confirmation), ...urlsOf(ch.voucher)].filter((url) => !url.endsWith("/fr/"))) {
    expect(url).toMatch(/^http:\/\/ch\.localhost:8797\/fr\//);
  }
});

test("a path that is not the shop's cannot become a link: the outbox refuses it", () => {
  for (const confirmPath of ["//evil.example/newsletter/confirm/", "https://evil.example/", "/\\evil.example", "/x\r\nBcc: a@b.c", "javascript:alert(1)"]) {
    expect(() =>
      outboxInsert(
        {
          shop: { id: "DE" },
          language: "de",
          template: "newsletter-confirmation",
          to: "erika@example.com",
          params: { name: "Erika", amount: "10,00 €", confirmPath, unsubscribePath: "/newsletter/unsubscribe/?token=x" },
        },
        new Date(NOW),
      ),
    ).toThrow();
  }
});

test("the back office's outbox view shows the links' tokens hidden", async () => {
  const email = freshAddress();
  const { tokens } = await bothMails("DE", "de", email);
  const rows = await h.db
    .prepare("SELECT * FROM mail_outbox WHERE recipient = ? ORDER BY id")
    .bind(email)
    .all<{ shop_id: string; language: string; template: string; params: string }>();
  expect(rows.results.map((row) => row.template)).toEqual(["newsletter-confirmation", "newsletter-voucher"]);
  for (const row of rows.results) {
    const staff = composeMail({ shopId: row.shop_id, language: row.language, template: row.template, params: JSON.parse(row.params) }, "production", {
      redactSecrets: true,
    });
    for (const token of [tokens.confirmToken, tokens.unsubscribeToken]) {
      expect(staff.text).not.toContain(token);
      expect(staff.html).not.toContain(token);
      expect(JSON.stringify(staff.headers)).not.toContain(token);
    }
    expect(staff.text).toContain("https://www.bodenhaus.example/newsletter/unsubscribe/?[link hidden]");
  }
});

describe("every shop language has its mail texts", () => {
  const cases = shopDirectory.config.shops.flatMap((shop) => shop.languages.map((language) => [shop.id, language] as const));
  test.each(cases)("%s in %s", (shopId, language) => {
    expect(LANGUAGES).toContain(language);
    const shop = shopDirectory.shop(shopId)!;
    const environment: Environment = "production";
    const origin = shopOrigin(shop, environment);
    const params = {
      "newsletter-confirmation": {
        name: "Erika & Söhne",
        amount: "10,00 €",
        confirmPath: "/newsletter/confirm/?token=a",
        unsubscribePath: "/newsletter/unsubscribe/?token=b",
      },
      "newsletter-voucher": {
        name: "Erika & Söhne",
        code: `${shopId}-ABCD-EFGH-JKMN`,
        amount: "10,00 €",
        cartPath: "/checkout/cart/",
        unsubscribePath: "/newsletter/unsubscribe/?token=b",
      },
    };
    for (const [template, values] of Object.entries(params)) {
      const mail = composeMail({ shopId, language, template, params: values }, environment);
      const texts = `${mail.subject}\n${mail.text}`;
      expect(texts).not.toMatch(/\{\{|mail\.(confirmation|voucher|unsubscribe|footer)/);
      expect(mail.html).toContain("Erika &amp; Söhne");
      expect(mail.from).toBe(shop.mail.from);
      expect(mail.headers["List-Unsubscribe"]).toBe(`<${origin}/newsletter/unsubscribe/?token=b>`);
      for (const url of urlsOf(mail)) expect(new URL(url).origin).toBe(origin);
    }
  });
});
