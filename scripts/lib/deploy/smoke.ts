/**
 * The smoke test of a new version before it takes traffic: for every shop, its home page, a
 * product page of its build, `/apiv2/environment`, a product put into a cart and taken out again;
 * and the back office's login page. Each check names its host, path and what it got.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Environment, ShopConfig } from "@config/shop-config";
import { isSuccess, type ReceivedEnvelope } from "@domain/api/envelope";
import type { Cart } from "@domain/api/cart";

export interface SmokeAnswer {
  status: number;
  contentType: string;
  body: string;
  cookies: string[];
}

/** One request to a host of the environment, as the new version answers it (a version override header, or a local worker of that version). */
export type SmokeRequest = (host: string, path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<SmokeAnswer>;

export interface SmokeOptions {
  config: ShopConfig;
  /** Whose hosts of config/shops.json are requested (staging, production; test for the rehearsal). */
  hosts: Environment;
  shops: string[];
  /** The folder holding the shop's build (its page-data names the product page checked). */
  buildOf: (shop: string) => string;
  request: SmokeRequest;
}

export interface SmokeCheck {
  what: string;
  ok: boolean;
  detail: string;
}

const PRODUCT_TEMPLATE = "component---site-src-templates-product-tsx";

/** A product page of the build: its path and the sku of a simple product (the cart takes it as it is). */
export function productOfBuild(build: string): { path: string; sku: string } | null {
  const pageData = join(build, "page-data");
  if (!existsSync(pageData)) return null;
  for (const page of readdirSync(pageData).sort()) {
    const file = join(pageData, page, "page-data.json");
    if (!page.endsWith(".html") || !existsSync(file)) continue;
    const data = JSON.parse(readFileSync(file, "utf8")) as {
      componentChunkName?: string;
      path?: string;
      result?: { data?: { product?: { data?: { sku?: string; type?: string } } } };
    };
    const product = data.result?.data?.product?.data;
    if (data.componentChunkName === PRODUCT_TEMPLATE && data.path && product?.sku && product.type === "simple") return { path: data.path, sku: product.sku };
  }
  return null;
}

/** Runs every check (a failed one does not stop the others) and answers them all. */
export async function smokeTest(options: SmokeOptions): Promise<SmokeCheck[]> {
  const checks: SmokeCheck[] = [];
  const check = async (what: string, run: () => Promise<string>) => {
    try {
      checks.push({ what, ok: true, detail: await run() });
    } catch (error) {
      checks.push({ what, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  };
  for (const id of options.shops) {
    const shop = options.config.shops.find((each) => each.id === id);
    const host = shop?.hosts[options.hosts][0];
    if (!shop || !host) {
      checks.push({ what: `${id}: host`, ok: false, detail: `config/shops.json has no ${options.hosts} host for ${id}` });
      continue;
    }
    const scheme = options.config.environments[options.hosts].scheme ?? "https";
    const origin = `${scheme}://${host}`;
    const home = shop.domainPrefixes.length > 0 ? `/${shop.defaultLanguage}/` : "/";
    await check(`${id}: home ${origin}${home}`, async () => expectPage(await options.request(host, home)));
    const product = productOfBuild(options.buildOf(id));
    if (!product) {
      checks.push({ what: `${id}: product page`, ok: false, detail: `the build in ${options.buildOf(id)} has no page of a simple product` });
    } else {
      await check(`${id}: product page ${product.path}`, async () => expectPage(await options.request(host, product.path)));
    }
    await check(`${id}: /apiv2/environment`, async () => expectData(await options.request(host, "/apiv2/environment"), "/apiv2/environment"));
    if (product) await check(`${id}: cart add and remove ${product.sku}`, () => cartRoundTrip(options.request, host, origin, product.sku));
  }
  const backOffice = options.config.backOffice?.hosts[options.hosts]?.[0];
  if (backOffice) await check(`back office: login page ${backOffice}/`, async () => expectPage(await options.request(backOffice, "/")));
  return checks;
}

function expectPage(answer: SmokeAnswer): string {
  if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
  if (!answer.contentType.startsWith("text/html")) throw new Error(`answered ${answer.contentType || "no content type"}, not HTML`);
  return `200, ${answer.body.length} bytes`;
}

function expectData<T>(answer: SmokeAnswer, what: string): T {
  let body: ReceivedEnvelope<T> | null = null;
  try {
    body = JSON.parse(answer.body) as ReceivedEnvelope<T>;
  } catch {
    // not JSON: reported below
  }
  if (!isSuccess(answer.status, body?.data)) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return body!.data as T;
}

async function cartRoundTrip(request: SmokeRequest, host: string, origin: string, sku: string): Promise<string> {
  const headers = { origin, "content-type": "application/json", accept: "application/json" };
  const added = await request(host, "/apiv2/cart/", { method: "POST", body: { sku, quantity: 1 }, headers });
  const cart = expectData<Cart>(added, "POST /apiv2/cart/");
  const line = cart.items.find((item) => item.sku === sku);
  if (!line) throw new Error(`POST /apiv2/cart/ answered a cart without ${sku}`);
  const cookie = added.cookies.join("; ");
  const removed = await request(host, `/apiv2/cart/items/${line.itemId}`, { method: "DELETE", headers: { ...headers, cookie } });
  const after = expectData<Cart>(removed, `DELETE /apiv2/cart/items/${line.itemId}`);
  if (after.items.some((item) => item.itemId === line.itemId)) throw new Error(`DELETE /apiv2/cart/items/${line.itemId} left the line in the cart`);
  return `line ${line.itemId} added and removed`;
}
