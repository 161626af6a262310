/**
 * What the virtual shoppers of `npm run bench:load` do: each visit is one new session that
 * follows one scenario, picked by its share of Black Friday traffic: browsing pages (70 %),
 * search and suggestions (10 %), cart and samples (12 %), checkout with an order (5 %), account
 * and returns (3 %). A page view is the static page through the edge plus the live reads the
 * page makes (the header's environment, a product page's delivery); JS, CSS and pictures are
 * left to the browser's and the CDN's caches.
 */
import type { AltchaChallenge } from "@domain/api/captcha";
import type { ProductNode } from "../../lib/demo-products";
import { placeOrderBody, ORDER_ADDRESS } from "../../lib/bench-orders";
import type { CaptchaSolver } from "./captcha-solver";
import { LOGIN_PASSWORD } from "../../lib/bench-login-accounts";
import { LOOKUP_CAPTCHA_ACTION } from "@shop-api/returns/lookup";
import { PAGE_KIND, PLACE_ORDER_KIND } from "./stats";
import type { ShopperSession } from "./session";

/** What the scenarios draw on; shared by all shoppers of a run. */
export interface ShopWorld {
  /** Page paths of the build: the home page, product pages, other pages (categories, content). */
  pages: { home: string; products: string[]; others: string[] };
  /** Orderable products, each with the packages the bench may still order (stock above a reserve). */
  orderable: { product: ProductNode; left: number }[];
  sampleSkus: string[];
  searchTerms: string[];
  /** Sign-ins of seeded accounts still to take (each address five times at most). */
  logins: string[];
  /** Orders placed in this run, for the returns lookup; and those to cancel after the step. */
  placed: { number: string; email: string }[];
  toCancel: string[];
  captcha: CaptchaSolver;
}

export interface Scenario {
  name: string;
  /** Share of visits, percent. */
  share: number;
  run(session: ShopperSession, world: ShopWorld): Promise<void>;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function pageView(session: ShopperSession, path: string, sku?: string): Promise<void> {
  await session.call(PAGE_KIND, "GET", path);
  await session.call("live read", "GET", "/apiv2/environment");
  if (sku) await session.call("live read", "GET", `/apiv1/product/byId/${encodeURIComponent(sku)}/delivery/byCountryCode/de/quantity/2`);
}

async function productView(session: ShopperSession, world: ShopWorld): Promise<ProductNode> {
  const { product } = pick(world.orderable);
  const path = world.pages.products.find((page) => page.includes(product.slug)) ?? pick(world.pages.products);
  await pageView(session, path, product.sku);
  return product;
}

async function browse(session: ShopperSession, world: ShopWorld): Promise<void> {
  await pageView(session, world.pages.home);
  await pageView(session, pick(world.pages.others));
  await productView(session, world);
}

async function search(session: ShopperSession, world: ShopWorld): Promise<void> {
  const term = pick(world.searchTerms);
  for (const length of [3, 5]) await session.call("suggestions", "GET", `/apiv2/search/suggestions?query=${encodeURIComponent(term.slice(0, length))}`);
  await session.call("search", "GET", `/apiv2/search?query=${encodeURIComponent(term)}`);
  await productView(session, world);
}

async function cartAndSamples(session: ShopperSession, world: ShopWorld): Promise<void> {
  const product = await productView(session, world);
  await session.call("cart write", "PUT", "/apiv2/shipping/costs/country", { body: { country: "de" } });
  await session.call("cart write", "POST", "/apiv2/cart/", { body: { sku: product.sku, quantity: 1 } });
  await session.call("cart read", "GET", "/apiv2/cart/");
  if (world.sampleSkus.length > 0) {
    await session.call("cart write", "POST", "/apiv2/sample/product/cart/add", { body: { sku: pick(world.sampleSkus), quantity: 1, recommendation: false } });
    await session.call("cart read", "GET", "/apiv2/sample/product/cart");
  }
}

async function checkout(session: ShopperSession, world: ShopWorld): Promise<void> {
  const stocked = world.orderable.filter((entry) => entry.left > 0);
  if (stocked.length === 0) throw new Error("the bench's catalogue has no stock left to order: use more --products");
  const entry = pick(stocked);
  entry.left -= 1;
  await pageView(session, world.pages.home);
  await session.call("cart write", "POST", "/apiv2/cart/", { body: { sku: entry.product.sku, quantity: 1 } });
  await session.call("quote", "GET", "/apiv2/checkout/quote");
  const email = `bench.load.${Math.random().toString(36).slice(2)}@example.com`;
  const answer = await session.call(PLACE_ORDER_KIND, "POST", "/apiv2/checkout/order", { body: placeOrderBody(email), idempotent: true });
  if (answer.status !== 200) {
    entry.left += 1;
    return;
  }
  const number = (JSON.parse(answer.body) as { data: { orderNumber: string } }).data.orderNumber;
  world.placed.push({ number, email });
  world.toCancel.push(number);
}

async function accountAndReturns(session: ShopperSession, world: ShopWorld): Promise<void> {
  const order = world.placed.length > 0 && Math.random() < 0.5 ? pick(world.placed) : undefined;
  if (order) {
    const challenge = await session.call("captcha", "GET", `/apiv2/captcha/challenge?action=${LOOKUP_CAPTCHA_ACTION}`);
    if (challenge.status !== 200) return;
    const token = await world.captcha.solve((JSON.parse(challenge.body) as { data: AltchaChallenge }).data);
    await session.call("returns lookup", "POST", "/apiv2/rma/lookup", {
      body: { orderIncrementId: order.number, orderEmail: order.email, postalCode: ORDER_ADDRESS.postcode },
      headers: { "x-captcha-token": token },
      idempotent: true,
    });
    return;
  }
  const email = world.logins.shift();
  if (!email) return;
  await pageView(session, world.pages.home);
  await session.call("login", "POST", "/apiv2/customer/login", { body: { email, password: LOGIN_PASSWORD }, idempotent: true });
  await session.call("account read", "GET", "/apiv2/customer/orders");
}

export const SCENARIOS: readonly Scenario[] = [
  { name: "browsing", share: 70, run: browse },
  { name: "search", share: 10, run: search },
  { name: "cart and samples", share: 12, run: cartAndSamples },
  { name: "checkout", share: 5, run: checkout },
  { name: "account and returns", share: 3, run: accountAndReturns },
];

/** The scenario a draw in [0, 100) falls into by the shares. */
export function scenarioFor(draw: number, scenarios: readonly Scenario[] = SCENARIOS): Scenario {
  let upTo = 0;
  for (const scenario of scenarios) {
    upTo += scenario.share;
    if (draw < upTo) return scenario;
  }
  return scenarios.at(-1)!;
}
