/**
 * Per-request context of the commerce API: the shop (from `x-shop-id`, set by the
 * edge; DE when called directly), the language (`x-shop-language`, else the
 * shop's default), the clock, and the visitor behind the bearer token.
 *
 * Visitors: an opaque random token (32 bytes, base64url) identifies one; only its
 * SHA-256 is stored. Reads without a valid token see an empty state and get no
 * token; the first write creates a visitor and returns the token in `meta.token`,
 * which the edge keeps in the environment's token cookie.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { sql, type SqlFragment } from "../../lib/sql";
import { fail, MESSAGES } from "./http";

export interface CommerceDeps {
  db: D1Database;
  /** The clock; tests pin it. */
  now(): Date;
}

export interface Shop {
  id: string;
  name: string;
  currency: string;
  taxRate: number;
  languages: string[];
  defaultLanguage: string;
  domainPrefixes: string[];
  deliveryCountries: string[];
  baseUrl: string;
  /** The shop's own country: the first of its delivery countries (de for DE and COM, ch for CH). */
  homeCountry: string;
}

export interface Visitor {
  id: string;
  customerType: "private" | "business";
  hasAccount: boolean;
  isInternal: boolean;
  shippingCountry: string | null;
}

export interface Ctx {
  deps: CommerceDeps;
  db: D1Database;
  request: Request;
  url: URL;
  shop: Shop;
  language: string;
  now: Date;
  /** SHA-256 of a well-formed bearer token (the visitor's id if it exists), else null. */
  tokenHash: string | null;
  visitor: Visitor | null;
  /** False until the visitor row was looked up (handlers may batch that read with their own). */
  visitorLoaded: boolean;
  /** Set when this request created the visitor: goes out as meta.token. */
  newToken?: string;
}

export const DEFAULT_SHOP_ID = "DE";
const SHOP_CACHE_MS = 30_000;
const shopCache = new Map<string, { shop: Shop | null; at: number; db: D1Database }>();

interface ShopRow {
  id: string;
  name: string;
  currency: string;
  tax_rate: number;
  languages: string;
  default_language: string;
  domain_prefixes: string;
  delivery_countries: string;
  base_url: string;
}

export async function loadShop(db: D1Database, id: string, nowMs: number): Promise<Shop | null> {
  const cached = shopCache.get(id);
  if (cached && cached.db === db && nowMs - cached.at < SHOP_CACHE_MS && nowMs >= cached.at) return cached.shop;
  const row = await db.prepare("SELECT * FROM shops WHERE id = ?").bind(id).first<ShopRow>();
  const shop: Shop | null = row
    ? {
        id: row.id,
        name: row.name,
        currency: row.currency,
        taxRate: row.tax_rate,
        languages: JSON.parse(row.languages) as string[],
        defaultLanguage: row.default_language,
        domainPrefixes: JSON.parse(row.domain_prefixes) as string[],
        deliveryCountries: (JSON.parse(row.delivery_countries) as string[]).map((c) => c.toLowerCase()),
        baseUrl: row.base_url,
        homeCountry: ((JSON.parse(row.delivery_countries) as string[])[0] ?? "de").toLowerCase(),
      }
    : null;
  shopCache.set(id, { shop, at: nowMs, db });
  return shop;
}

/** Forgets cached shops (tests that re-import shops). */
export function clearShopCache(): void {
  shopCache.clear();
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match && TOKEN_PATTERN.test(match[1]!) ? match[1]! : null;
}

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function randomToken(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  let binary = "";
  for (const byte of buffer) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

interface VisitorRow {
  id: string;
  customer_type: "private" | "business";
  has_account: number;
  is_internal: number;
  shipping_country: string | null;
}

/** Reads the visitor behind the token; `lazyVisitor` leaves it to the handler to batch that read with its own queries. */
export async function createContext(request: Request, deps: CommerceDeps, options: { lazyVisitor?: boolean } = {}): Promise<Ctx> {
  const now = deps.now();
  const url = new URL(request.url);
  const shopId = (request.headers.get("x-shop-id") ?? DEFAULT_SHOP_ID).toUpperCase();
  const shop = await loadShop(deps.db, shopId, Date.now());
  if (!shop) throw fail(404, MESSAGES.notFound, "unknown_shop");
  const requested = (request.headers.get("x-shop-language") ?? "").toLowerCase();
  const language = shop.languages.includes(requested) ? requested : shop.defaultLanguage;
  const token = bearerToken(request);
  const tokenHash = token ? await hashToken(token) : null;
  const ctx: Ctx = { deps, db: deps.db, request, url, shop, language, now, tokenHash, visitor: null, visitorLoaded: false };
  if (!options.lazyVisitor) await loadVisitor(ctx);
  return ctx;
}

/** The statement reading the visitor row (for a batch); null without a token. */
export function visitorStatement(ctx: Ctx) {
  return ctx.tokenHash ? ctx.db.prepare("SELECT id, customer_type, has_account, is_internal, shipping_country FROM visitors WHERE id = ?").bind(ctx.tokenHash) : null;
}

/** Takes the visitor from a batch result of visitorStatement. */
export function setVisitorFromResult(ctx: Ctx, result: { results: unknown[] } | undefined): void {
  const row = result?.results[0] as VisitorRow | undefined;
  ctx.visitor = row ? toVisitor(row) : null;
  ctx.visitorLoaded = true;
}

export async function loadVisitor(ctx: Ctx): Promise<Visitor | null> {
  if (ctx.visitorLoaded) return ctx.visitor;
  const statement = visitorStatement(ctx);
  setVisitorFromResult(ctx, statement ? await statement.all() : undefined);
  return ctx.visitor;
}

function toVisitor(row: VisitorRow): Visitor {
  return { id: row.id, customerType: row.customer_type, hasAccount: row.has_account === 1, isInternal: row.is_internal === 1, shippingCountry: row.shipping_country };
}

/** The visitor of a write: the token's, or a new one whose token goes out as meta.token. */
export async function ensureVisitor(ctx: Ctx): Promise<Visitor> {
  if (await loadVisitor(ctx)) return ctx.visitor!;
  const token = randomToken();
  const id = await hashToken(token);
  await ctx.db.prepare("INSERT INTO visitors (id, shop_id, created_at) VALUES (?, ?, ?)").bind(id, ctx.shop.id, ctx.now.toISOString()).run();
  ctx.newToken = token;
  ctx.visitor = { id, customerType: "private", hasAccount: false, isInternal: false, shippingCountry: null };
  return ctx.visitor;
}

export function metaOf(ctx: Ctx, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return ctx.newToken ? { ...extra, token: ctx.newToken } : extra;
}

/** Title of a product in the language, falling back to German, then any language. */
export const TITLE_SQL = `COALESCE(
  (SELECT title FROM product_content WHERE sku = p.sku AND language = ?),
  (SELECT title FROM product_content WHERE sku = p.sku AND language = 'de'),
  (SELECT title FROM product_content WHERE sku = p.sku LIMIT 1), p.sku)`;

/** TITLE_SQL with the request's language bound. */
export function titleSql(ctx: Ctx): SqlFragment {
  return sql`COALESCE(
  (SELECT title FROM product_content WHERE sku = p.sku AND language = ${ctx.language}),
  (SELECT title FROM product_content WHERE sku = p.sku AND language = 'de'),
  (SELECT title FROM product_content WHERE sku = p.sku LIMIT 1), p.sku)`;
}
