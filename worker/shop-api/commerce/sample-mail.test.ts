/** A finished sample order sends its confirmation to the e-mail of step 1 (outbox in the finish's batch, drained after the answer). */
import { shopDb } from "@tests/kit/d1";
import { everyShopDatabase } from "../core/shop-database";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ExecutionContext } from "@cloudflare/workers-types";
import { createShopApi, nextClientIp } from "@tests/kit/shop-api";
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { CLIENT_IP_HEADER, SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER } from "@worker/lib/shop-headers";
import type { OutboxRow } from "../core/mail/outbox";
import { createHarness, type ApiBody, type Harness } from "@tests/kit/commerce";

let h: Harness;
let server: Server;
let apiUrl: string;
const delivered: { to: string; subject: string; text: string; html: string }[] = [];

beforeAll(async () => {
  h = await createHarness("2026-11-18T08:00:00Z");
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      delivered.push(JSON.parse(body) as (typeof delivered)[number]);
      response.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.dispose();
});
beforeEach(async () => {
  delivered.length = 0;
  for (const db of everyShopDatabase(h.env)) await db.prepare("DELETE FROM mail_outbox").run();
});

const address = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", countryCode: "de" };
/** The outbox of the shop's database (DE's unless named). */
const outbox = async (shop = "DE") => (await shopDb(h.env, shop).prepare("SELECT * FROM mail_outbox ORDER BY id").all<OutboxRow>()).results;

/** Samples in the cart and the contact of step 1; returns the visitor's token. */
async function prepareOrder(email: string, skus = ["S-1", "S-2"], shop?: string, contact: Record<string, unknown> = address): Promise<string> {
  const first = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: skus[0] }, shop });
  const token = first.token!;
  for (const sku of skus.slice(1)) expect((await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku }, token, shop })).status).toBe(200);
  expect((await h.call("POST", "/apiv2/sample/product/cart", { body: { email, customerAddress: contact }, token, shop })).status).toBe(200);
  return token;
}

test("finishing enqueues the confirmation to the address of step 1, in the shop and language, with the samples and the shipping address; without a mail transport it waits for the cron, untouched", async () => {
  const token = await prepareOrder("erika@example.com");
  const finish = await h.call("POST", "/apiv2/sample/product/cart/finish", { token });
  expect(finish.status).toBe(200);
  const rows = await outbox();
  expect(rows).toEqual([
    expect.objectContaining({
      shop_id: "DE",
      language: "de",
      template: "sample-order-confirmation",
      recipient: "erika@example.com",
      state: "pending",
      attempts: 0,
      last_error: null,
    }),
  ]);
  expect(JSON.parse(rows[0]!.params)).toEqual({
    referenceCode: finish.body.data.cart.referenceCode,
    address: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", country: "Deutschland" },
    items: [
      { sku: "S-1", name: "Produkt S-1", longDelivery: false },
      { sku: "S-2", name: "Produkt S-2", longDelivery: false },
    ],
  });
});

test("a refused finish enqueues nothing; finishing twice sends one mail", async () => {
  const first = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-3" } });
  const token = first.token!;
  expect((await h.call("POST", "/apiv2/sample/product/cart/finish", { token })).status).toBe(422); // no e-mail, no address
  expect(await outbox()).toEqual([]);

  const ordered = await prepareOrder("twice@example.com", ["S-4"]);
  const [once, again] = await Promise.all([
    h.call("POST", "/apiv2/sample/product/cart/finish", { token: ordered }),
    h.call("POST", "/apiv2/sample/product/cart/finish", { token: ordered }),
  ]);
  expect([once.status, again.status].sort()).toEqual([200, expect.any(Number)]);
  expect((await outbox()).map((row) => row.recipient)).toEqual(["twice@example.com"]);
});

test("through the shop API: the answer comes first, then the confirmation goes out at once (waitUntil), in the visitor's shop and language", async () => {
  await sql`UPDATE products SET sample_long_delivery = 1 WHERE sku = 'S-5'`.prepare(shopDb(h.env, "CH")).run();
  const swissAddress = { ...address, firstname: 'Élise & "Lou"', zip: "8001", city: "Zürich", countryCode: "ch" };
  const token = await prepareOrder("elise@example.ch", ["S-5", "S-6"], "CH", swissAddress);
  const env: ShopApiEnv = { ...h.env, ENVIRONMENT_NAME: "development", MAIL_TRANSPORT: "http", MAIL_API_URL: apiUrl, MAIL_API_KEY: "test-key" };
  const tasks: Promise<unknown>[] = [];
  const execution: Pick<ExecutionContext, "waitUntil"> = { waitUntil: (task) => void tasks.push(task) };
  const api = createShopApi({ now: () => new Date("2026-11-18T08:00:00Z") });
  const request = new Request("http://shop-api/apiv2/sample/product/cart/finish", {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      [SHOP_ID_HEADER]: "CH",
      [SHOP_LANGUAGE_HEADER]: "fr",
      [CLIENT_IP_HEADER]: nextClientIp(),
      "x-captcha-token": await h.captchaToken("sample_finish", "CH"),
    },
  });
  const response = await api.fetch(request, env, execution);
  const body = (await response.json()) as ApiBody;
  expect(response.status).toBe(200);
  expect(delivered).toEqual([]);
  expect(tasks).toHaveLength(1);
  await Promise.all(tasks);

  const code = body.data.cart.referenceCode as string;
  expect(delivered).toHaveLength(1);
  const mail = delivered[0]!;
  expect(mail).toMatchObject({ to: "elise@example.ch", subject: `Votre commande d'échantillons ${code} chez Bodenhaus Schweiz` });
  expect(mail.text).toContain('Bonjour Élise & "Lou" Muster,');
  expect(mail.html).toContain("Bonjour Élise &amp; &quot;Lou&quot; Muster,");
  expect(mail.text).toContain("Produkt S-5 – réf. S-5 (délai de livraison 2 à 3 semaines)");
  expect(mail.text).toContain("Produkt S-6 – réf. S-6\n");
  expect(mail.text).toContain("8001 Zürich\nSuisse");
  expect(mail.text).toContain("http://ch.localhost:8787/fr/");
  expect((await outbox("CH"))[0]).toMatchObject({ state: "sent", recipient: "elise@example.ch", shop_id: "CH", language: "fr" });
});
