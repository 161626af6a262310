/**
 * Orders for the browser tests, placed and delivered through the real API: the visitor's
 * page puts products into its cart and places the order (POST /apiv2/cart/, POST
 * /apiv2/checkout/order, same origin, so the edge's cookies and checks apply as for a
 * shopper); the ERP's events (POST /admin/orders/{number}/events, bearer ORDER_EVENTS_TOKEN)
 * confirm, ship and deliver it on the back-office host. So a spec needs no demo data of
 * another branch. Every order placed here has its confirmation mail checked against the
 * order's answer (support/order-mail.ts).
 */
import { request as httpRequest } from "node:http";
import type { Page } from "@playwright/test";
import type { VisitorOrderView } from "@domain/api/orders";
import { localSecret } from "@scripts/lib/local-worker";
import { loadShopConfig } from "@scripts/lib/shops";
import { confirmationMailOf, expectMailStatesOrder } from "./order-mail";
import { TEST_PORT } from "./site";

/** The back-office host of the test worker (admin.localhost:8797): /admin/* is served there only. */
export const BACK_OFFICE_HOST = loadShopConfig().backOffice!.hosts.test[0]!;

export interface OrderAddress {
  firstname: string;
  lastname: string;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
}

export interface PlacedOrder {
  orderNumber: string;
  lines: { sku: string; quantity: number }[];
  /** The order as the shop API answered it (what the success page shows). */
  view: VisitorOrderView;
}

/**
 * Places an order from the page's visitor (the page must be on the shop's origin): the
 * products in `lines` into the cart, then the order with prepayment and standard delivery;
 * then expects its confirmation mail in `language` to state what the answer says.
 */
export async function placeOrder(
  page: Page,
  order: { email: string; address: OrderAddress; lines: { sku: string; quantity: number }[]; language: string },
): Promise<PlacedOrder> {
  const answer = await page.evaluate(async ({ email, address, lines }) => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(path, {
        method: "POST",
        credentials: "same-origin",
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    };
    for (const line of lines) {
      const added = await post("/apiv2/cart/", line);
      if (added.status !== 200) return { step: `cart ${line.sku}`, ...added };
    }
    const placed = await post("/apiv2/checkout/order", {
      email,
      billingAddress: address,
      deliveryMode: "standard",
      paymentMethod: "prepayment",
      acceptTerms: true,
    });
    return { step: "order", ...placed };
  }, order);
  const data = (answer.body as { data?: VisitorOrderView } | null)?.data;
  if (answer.status !== 200 || !data?.orderNumber)
    throw new Error(`placing the order failed at ${answer.step}: ${answer.status} ${JSON.stringify(answer.body)}`);
  expectMailStatesOrder(await confirmationMailOf(order.email, data.orderNumber), data, order.language);
  return { orderNumber: data.orderNumber, lines: order.lines, view: data };
}

/** POSTs JSON to the test worker under a host of its own (Node does not resolve *.localhost); with the cookies the answer sets. */
export function postToHost(
  host: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; cookies: string[]; retryAfter: number | null }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: TEST_PORT,
        path,
        method: "POST",
        // A connection of its own, as fetchPage's (tests/e2e/support/site.ts): never a kept-alive one the worker closed meanwhile.
        agent: false,
        headers: { host, "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            cookies: (response.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!),
            retryAfter: response.headers["retry-after"] ? Number(response.headers["retry-after"]) : null,
          }),
        );
      },
    );
    request.on("error", reject);
    request.setTimeout(20_000, () => request.destroy(new Error(`timeout ${host}${path}`)));
    request.end(payload);
  });
}

/** The ERP reports the order confirmed, shipped and delivered in full, now: its return window starts today. */
export async function deliverOrder(order: Pick<PlacedOrder, "orderNumber" | "lines">): Promise<void> {
  const token = localSecret("ORDER_EVENTS_TOKEN");
  const lines = order.lines.map(({ sku, quantity }) => ({ sku, quantity }));
  for (const type of ["confirmed", "shipped", "delivered"] as const) {
    const event = { eventId: `${order.orderNumber}-${type}`, type, time: new Date().toISOString(), ...(type === "confirmed" ? {} : { lines }) };
    const answer = await postToHost(BACK_OFFICE_HOST, `/admin/orders/${encodeURIComponent(order.orderNumber)}/events`, event, {
      authorization: `Bearer ${token}`,
    });
    if (answer.status !== 200) throw new Error(`the ${type} event of ${order.orderNumber} failed: ${answer.status} ${answer.body}`);
  }
}
