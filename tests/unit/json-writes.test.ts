/**
 * JSON writes take JSON only: every write route family of the shop API refuses a body whose
 * Content-Type is not JSON with 415 and writes nothing (a page of another site can send
 * text/plain or a form without asking first), through the real route table on a real local D1.
 * The upload routes take multipart/form-data and still do.
 */
import type { ShopApiEnv } from "@worker/env";
import { CLIENT_IP_HEADER, SHOP_ID_HEADER, STAFF_SESSION_HEADER } from "@worker/lib/shop-headers";
import { countRows } from "../kit/d1";
import { createAccountHarness, signedUpCustomer, type AccountHarness, type Browser } from "../kit/customers";
import { uploadRequest } from "../kit/api-harness";
import { PNG } from "../kit/images";
import { nextClientIp, shopApiCaller } from "../kit/shop-api";
import { staffLogin } from "../kit/staff-session";

const TOKENS = { BUILDER_TOKEN: "builder-0123456789abcdef0123456789abcdef", ORDER_EVENTS_TOKEN: "events-0123456789abcdef0123456789abcdef" };
const WRITTEN = [
  "visitors",
  "carts",
  "cart_items",
  "sample_quotes",
  "sample_items",
  "orders",
  "mail_outbox",
  "rmas",
  "inquiries",
  "contact_messages",
  "customers",
];

/** The storefront's writes by family: a body each would accept as JSON. */
const STOREFRONT: [string, string, unknown][] = [
  ["POST", "/apiv2/cart", { sku: "P-1", quantity: 1 }],
  ["PUT", "/apiv2/cart/items/1", { quantity: 2 }],
  ["POST", "/apiv2/cart/voucher", { code: "WELCOME" }],
  ["PUT", "/apiv2/shipping/costs/country", { country: "DE" }],
  ["POST", "/apiv2/checkout/order", { email: "a@example.com" }],
  ["POST", "/apiv2/sample/product/cart/add", { sku: "P-1" }],
  ["POST", "/apiv2/sample/product/cart", { email: "a@example.com" }],
  ["POST", "/apiv2/configuration/roof-window/cart", { sku: "P-1" }],
  ["POST", "/apiv2/rma/lookup", { orderNumber: "1", email: "a@example.com", postcode: "10969" }],
  ["POST", "/apiv2/rma/withdrawal", { orderNumber: "1" }],
  ["POST", "/apiv2/rma", { lines: [] }],
  ["POST", "/apiv2/inquiry", { message: "hi" }],
  ["POST", "/apiv2/contact", { message: "hi" }],
  ["POST", "/apiv2/terrace/configurations", { shape: "rectangle" }],
  ["POST", "/apiv2/newsletter/subscribe", { email: "a@example.com" }],
  ["POST", "/apiv2/newsletter/confirm", { token: "x" }],
  ["POST", "/apiv2/customer/register", { email: "a@example.com" }],
  ["POST", "/apiv2/customer/login", { email: "a@example.com", password: "x" }],
  ["POST", "/apiv2/customer/password-reset", { email: "a@example.com" }],
];

/** A signed-in customer's writes. */
const CUSTOMER: [string, string, unknown][] = [
  ["PATCH", "/apiv2/customer", { firstName: "Anna" }],
  ["POST", "/apiv2/customer/password", { password: "x", newPassword: "y" }],
  ["POST", "/apiv2/customer/projects", { name: "Flur" }],
];

let h: AccountHarness;
let signedIn: Browser;
let env: ShopApiEnv;

beforeAll(async () => {
  h = await createAccountHarness();
  env = { ...h.env, ...TOKENS };
  signedIn = h.browser();
  await signedUpCustomer(h, signedIn, "json-writes@kunden.example");
});
afterAll(() => h.dispose());

const TEXT_PLAIN = { "content-type": "text/plain;charset=UTF-8" };

async function expectRefused(send: () => Promise<{ status: number; code?: string }>): Promise<void> {
  const before = await countRows(h.db, WRITTEN);
  const answer = await send();
  expect(answer).toMatchObject({ status: 415, code: "unsupported_media_type" });
  expect(await countRows(h.db, WRITTEN)).toEqual(before);
}

describe("a JSON write with another Content-Type is 415 and writes nothing", () => {
  test.each(STOREFRONT)("storefront: %s %s", async (method, path, body) => {
    for (const headers of [TEXT_PLAIN, { "content-type": "application/x-www-form-urlencoded" }, { "content-type": "multipart/form-data; boundary=x" }]) {
      await expectRefused(async () => {
        const answer = await h.call(h.browser(), method, path, {
          raw: JSON.stringify(body),
          headers: { ...headers, "idempotency-key": crypto.randomUUID() },
          captcha: null,
        });
        return { status: answer.status, code: answer.body.errors[0]?.code };
      });
    }
  });

  test.each(CUSTOMER)("customer account: %s %s", async (method, path, body) => {
    await expectRefused(async () => {
      const answer = await h.call(signedIn, method, path, { raw: JSON.stringify(body), headers: TEXT_PLAIN });
      return { status: answer.status, code: answer.body.errors[0]?.code };
    });
  });

  /** A request straight to the route table, as the edge sends it. */
  async function direct(path: string, headers: Record<string, string>, body: unknown, method = "POST") {
    const api = shopApiCaller(env, { now: () => h.now() });
    const init = { method, headers: { [CLIENT_IP_HEADER]: nextClientIp(), ...TEXT_PLAIN, ...headers }, body: JSON.stringify(body) };
    const response = await api(new Request(`https://shop-api.internal${path}`, init));
    const json = (await response.json()) as { errors: { code?: string }[] };
    return { status: response.status, code: json.errors[0]?.code };
  }

  test("back office: the staff login and a staff write", async () => {
    await expectRefused(() => direct("/admin/api/session", {}, { email: "ops@bodenhaus.example", password: "x" }));
    const token = await staffLogin(env, h.db, "ops", () => h.now());
    await expectRefused(() => direct("/admin/api/publishing/publish", { [STAFF_SESSION_HEADER]: token }, { shops: ["DE"] }));
  });

  test("service endpoints: the builder and the ERP's order events", async () => {
    await expectRefused(() => direct("/admin/builder/claim", { authorization: `Bearer ${TOKENS.BUILDER_TOKEN}` }, { builder: "b1" }));
    await expectRefused(() => direct("/admin/orders/1/events", { authorization: `Bearer ${TOKENS.ORDER_EVENTS_TOKEN}` }, { type: "shipped" }));
  });

  test("a JSON body without any Content-Type is 415 too; an empty body where none is needed passes", async () => {
    const api = shopApiCaller(env, { now: () => h.now() });
    const bare = await api(
      new Request("https://shop-api.internal/apiv2/cart", { method: "POST", headers: { [SHOP_ID_HEADER]: "DE" }, body: new Blob(['{"sku":"P-1"}']) }),
    );
    expect(bare.status).toBe(415);
    const sweep = await api(
      new Request("https://shop-api.internal/admin/builder/sweep", { method: "POST", headers: { authorization: `Bearer ${TOKENS.BUILDER_TOKEN}` } }),
    );
    expect(sweep.status).toBe(200);
  });

  test("application/json with parameters and +json types are JSON", async () => {
    const answer = await h.call(h.browser(), "POST", "/apiv2/newsletter/subscribe", {
      raw: "{}",
      headers: { "content-type": "Application/JSON; charset=utf-8" },
    });
    expect(answer.status).toBe(422);
  });
});

test("the upload routes still take multipart/form-data", async () => {
  const api = shopApiCaller(env, { now: () => h.now() });
  const response = await api(uploadRequest([{ fileName: "photo.png", contentType: "image/png", bytes: PNG }]));
  expect(response.status).toBe(200);
});
