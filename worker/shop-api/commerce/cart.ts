/**
 * The cart (SPEC 7): GET/POST /apiv2/cart/, PUT /cart/addSampleBySku/{sku} and the
 * configuration cart add (form data). Quantities are packages; totals are package
 * price x quantity in the shop's currency, tax included.
 *
 * Concurrency: D1 has no row locks, so every add is one guarded upsert
 * (INSERT ... SELECT ... ON CONFLICT DO UPDATE SET quantity = quantity + n WHERE
 * the new quantity fits the stock) run in a batch (one transaction) with the cart's
 * creation. Two concurrent adds both land; none can push a line past the stock.
 */
import { z } from "zod";
import { includedTax, money, taxLabel } from "../../../graphql/money";
import { unitLabel } from "../../../graphql/units";
import { ensureVisitor, setVisitorFromResult, TITLE_SQL, visitorStatement, type Ctx } from "./context";
import { ApiFailure, fail, invalid, MESSAGES, readJson, validate, validationFailure } from "./http";
import { childProducts, findProduct, isListed, productFromResult, productStatement, safeJson, type CommerceProduct } from "./products";
import { PREPAYMENT_DISCOUNT_PERCENT } from "./delivery-rules";
import { SAMPLE_SLOT_COUNT } from "./samples";

export const MAX_QUANTITY = 9999;
export const CART_LINK = "/checkout/cart/";

const quantitySchema = z.number({ invalid_type_error: "Expected a whole number" }).int().min(1).max(MAX_QUANTITY);
const skuSchema = z.string({ invalid_type_error: "Expected a string" }).trim().min(1, MESSAGES.required).max(64).regex(/^[A-Za-z0-9._-]+$/, "Not a valid SKU");
const desiredDateSchema = z
  .object({
    type: z.number().int().min(0).max(2).default(0),
    month: z.number().int().min(1).max(12).default(1),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  })
  .strict();
const optionsSchema = z.record(z.string().max(64), z.string().max(128)).refine((o) => Object.keys(o).length <= 20, "Too many options");

const addSchema = z
  .object({
    sku: skuSchema.optional(),
    productId: skuSchema.optional(),
    quantity: quantitySchema.default(1),
    minimumQuantity: z.number().optional(),
    desiredDate: desiredDateSchema.optional(),
    configurableOptions: optionsSchema.optional(),
  })
  .strict();

export interface CartItemView {
  itemId: number;
  sku: string;
  kind: "product" | "sample";
  name: string;
  quantity: number;
  unit: { code: string; label: string };
  packageContent: number;
  options: Record<string, string>;
  image: string | null;
  isExpress: boolean;
  shippingGroup: "parcel" | "freight";
  isDecking: boolean;
  deliveryDaysMin: number;
  deliveryDaysMax: number;
  price: ReturnType<typeof money>;
  rowTotal: ReturnType<typeof money>;
  desiredDate: unknown;
}

export interface CartView {
  items: CartItemView[];
  miniCart: { itemCount: number; linkToCart: string };
  totals: {
    currency: string;
    goodsValue: ReturnType<typeof money>;
    tax: { isIncluded: true; amount: ReturnType<typeof money>; label: string };
    prepaymentDiscount: { percentage: number; amount: ReturnType<typeof money> };
  };
}

export interface LineRow {
  id: number;
  sku: string;
  kind: "product" | "sample";
  options: string;
  quantity: number;
  desired_date: string | null;
  title: string;
  unit: string;
  package_content: number;
  is_express: number;
  is_decking: number;
  shipping_group: "parcel" | "freight";
  delivery_days_min: number;
  delivery_days_max: number;
  package_price: number | null;
  tax_rate: number | null;
  image: string | null;
}

/** The statement reading a visitor's cart lines (run alone or at the end of a write batch). */
export function cartLinesStatement(ctx: Ctx, visitorId: string) {
  return ctx.db
    .prepare(
      `SELECT ci.id, ci.sku, ci.kind, ci.options, ci.quantity, ci.desired_date, ${TITLE_SQL} AS title, p.unit, p.package_content, p.is_express,
         p.is_decking, p.shipping_group, p.delivery_days_min, p.delivery_days_max, pr.package_price, pr.tax_rate,
         (SELECT url FROM media m WHERE m.sku = p.sku AND m.kind = 'image' ORDER BY position LIMIT 1) AS image
       FROM carts c JOIN cart_items ci ON ci.cart_id = c.id JOIN products p ON p.sku = ci.sku
       LEFT JOIN prices pr ON pr.sku = ci.sku AND pr.shop_id = c.shop_id
       WHERE c.visitor_id = ? AND c.shop_id = ? ORDER BY ci.id`,
    )
    .bind(ctx.language, visitorId, ctx.shop.id);
}

export async function readCart(ctx: Ctx): Promise<CartView> {
  // The visitor id is the token's hash: no visitor lookup needed, an unknown token reads an empty cart.
  const id = ctx.visitor?.id ?? ctx.tokenHash;
  const rows = id ? (await cartLinesStatement(ctx, id).all<LineRow>()).results : [];
  return cartView(ctx, rows);
}

export function cartView(ctx: Ctx, rows: LineRow[]): CartView {
  const { currency, taxRate } = ctx.shop;
  const language = ctx.language;
  let goods = 0;
  let tax = 0;
  const items = rows.map((row): CartItemView => {
    const unitPrice = row.kind === "sample" ? 0 : (row.package_price ?? 0);
    const rowTotal = unitPrice * row.quantity;
    goods += rowTotal;
    tax += includedTax(rowTotal, row.tax_rate ?? taxRate);
    return {
      itemId: row.id,
      sku: row.sku,
      kind: row.kind,
      name: row.title,
      quantity: row.quantity,
      unit: { code: row.unit, label: unitLabel(row.unit, language) },
      packageContent: row.package_content,
      options: safeJson<Record<string, string>>(row.options, {}),
      image: row.image,
      isExpress: row.is_express === 1,
      shippingGroup: row.shipping_group,
      isDecking: row.is_decking === 1,
      deliveryDaysMin: row.delivery_days_min,
      deliveryDaysMax: row.delivery_days_max,
      price: money(unitPrice, currency, language),
      rowTotal: money(rowTotal, currency, language),
      desiredDate: safeJson<unknown>(row.desired_date, null),
    };
  });
  return {
    items,
    miniCart: { itemCount: items.length, linkToCart: CART_LINK },
    totals: {
      currency,
      goodsValue: money(goods, currency, language),
      tax: { isIncluded: true, amount: money(tax, currency, language), label: taxLabel(taxRate, language) },
      prepaymentDiscount: { percentage: PREPAYMENT_DISCOUNT_PERCENT, amount: money(Math.round((goods * PREPAYMENT_DISCOUNT_PERCENT) / 100), currency, language) },
    },
  };
}

/** Refusals of a product for the cart, in the order the visitor should hear them. */
export function checkOrderable(ctx: Ctx, product: CommerceProduct | null, field: string): asserts product is CommerceProduct {
  if (!isListed(product) || product.packagePrice === null) throw invalid(field, MESSAGES.unknownProduct, "unknown_product");
  if (product.reachedEol) throw invalid(field, MESSAGES.endOfLife, "end_of_life");
  if (product.stockQty <= 0) throw invalid(field, MESSAGES.outOfStock, "out_of_stock");
  void ctx;
}

/** A configurable product needs no price or stock of its own (its variants have them). */
function checkConfigurable(product: CommerceProduct | null, field: string): asserts product is CommerceProduct {
  if (product?.type === "configurable" && isListed(product)) {
    if (product.reachedEol) throw invalid(field, MESSAGES.endOfLife, "end_of_life");
    return;
  }
  checkOrderable(null as unknown as Ctx, product, field);
}

function formatQuantity(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function existingQuantityStatement(ctx: Ctx, visitorId: string, sku: string, options: string) {
  return ctx.db
    .prepare("SELECT ci.quantity FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.visitor_id = ? AND c.shop_id = ? AND ci.sku = ? AND ci.kind = 'product' AND ci.options = ?")
    .bind(visitorId, ctx.shop.id, sku, options);
}

async function existingQuantity(ctx: Ctx, sku: string, options: string): Promise<number> {
  if (!ctx.visitor) return 0;
  const row = await existingQuantityStatement(ctx, ctx.visitor.id, sku, options).first<{ quantity: number }>();
  return row?.quantity ?? 0;
}

function optionsKey(options: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b))));
}

interface LineRequest {
  product: CommerceProduct;
  quantity: number;
  options: Record<string, string>;
  desiredDate?: unknown;
  /** The quantity already in the cart, when read together with the product. */
  existing?: number;
}

/** Validates a line against minimum order quantity and stock (nothing written on refusal). */
async function checkLine(ctx: Ctx, line: LineRequest, field: string): Promise<void> {
  const key = optionsKey(line.options);
  const existing = line.existing ?? (await existingQuantity(ctx, line.product.sku, key));
  const total = existing + line.quantity;
  if (total * line.product.packageContent + 1e-9 < line.product.minOrderQty) {
    const params = { value: formatQuantity(line.product.minOrderQty), unit: unitLabel(line.product.unit, ctx.language) };
    throw invalid(field, MESSAGES.minimumOrderQuantity.replace("{value}", params.value).replace("{unit}", params.unit), "minimum_order_quantity", params);
  }
  if (total > line.product.stockQty || total > MAX_QUANTITY) throw invalid("quantity", MESSAGES.quantityUnavailable, "quantity_unavailable", { available: Math.max(0, line.product.stockQty - existing) });
}

/** Writes lines in one transaction, each a guarded upsert, and reads the cart back; null when a guard refused one (stock taken meanwhile). */
async function writeLines(ctx: Ctx, lines: LineRequest[]): Promise<LineRow[] | null> {
  const visitor = await ensureVisitor(ctx);
  const now = ctx.now.toISOString();
  const statements = [
    ctx.db.prepare("INSERT OR IGNORE INTO carts (visitor_id, shop_id, created_at) VALUES (?, ?, ?)").bind(visitor.id, ctx.shop.id, now),
    ...lines.map((line) =>
      ctx.db
        .prepare(
          `INSERT INTO cart_items (cart_id, sku, kind, options, quantity, desired_date, added_at)
           SELECT c.id, ?1, 'product', ?2, ?3, ?4, ?5 FROM carts c
           WHERE c.visitor_id = ?6 AND c.shop_id = ?7 AND ?3 <= (SELECT stock_qty FROM products WHERE sku = ?1)
           ON CONFLICT (cart_id, sku, kind, options) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity,
             desired_date = COALESCE(excluded.desired_date, cart_items.desired_date)
           WHERE cart_items.quantity + excluded.quantity <= (SELECT stock_qty FROM products WHERE sku = excluded.sku)
             AND cart_items.quantity + excluded.quantity <= ${MAX_QUANTITY}`,
        )
        .bind(line.product.sku, optionsKey(line.options), line.quantity, line.desiredDate === undefined ? null : JSON.stringify(line.desiredDate), now, visitor.id, ctx.shop.id),
    ),
  ];
  const results = await ctx.db.batch([...statements, cartLinesStatement(ctx, visitor.id)]);
  const written = results.slice(1, -1).every((result) => (result.meta.changes ?? 0) > 0);
  return written ? (results[results.length - 1]!.results as LineRow[]) : null;
}

/** Picks the product a configuration stands for, after checking every option against the product's attributes. */
export async function resolveConfiguration(ctx: Ctx, product: CommerceProduct, options: Record<string, string>, field: string): Promise<{ product: CommerceProduct; options: Record<string, string> }> {
  const attributes = product.configurableAttributes;
  if (product.type !== "configurable" || attributes.length === 0) {
    if (Object.keys(options).length > 0) throw invalid(field, MESSAGES.configurationUnavailable, "configuration_unavailable");
    return { product, options: {} };
  }
  const known = new Set(attributes.map((a) => a.code));
  for (const code of Object.keys(options)) if (!known.has(code)) throw invalid(field, MESSAGES.configurationUnavailable, "configuration_unavailable");
  let index = -1;
  for (const [position, attribute] of attributes.entries()) {
    const value = options[attribute.code];
    const optionIndex = attribute.options.findIndex((option) => option.value === value);
    if (value === undefined || optionIndex < 0) throw invalid(field, MESSAGES.configurationUnavailable, "configuration_unavailable");
    if (position === 0) index = optionIndex;
  }
  // Variants are the children of the configurable product in the order of its first attribute's options ({sku}-{n}).
  const children = await childProducts(ctx, product.sku);
  const variant = children.find((child) => child.sku === `${product.sku}-${index + 1}`) ?? children[index];
  const chosen = variant ?? product;
  if (!isListed(chosen) || chosen.packagePrice === null) throw invalid(field, MESSAGES.configurationUnavailable, "configuration_unavailable");
  return { product: chosen, options: Object.fromEntries(attributes.map((a) => [a.code, options[a.code]!])) };
}

async function addLines(ctx: Ctx, lines: LineRequest[], fields: string[]): Promise<Response> {
  for (const [i, line] of lines.entries()) {
    checkOrderable(ctx, line.product, fields[i]!);
    await checkLine(ctx, line, fields[i]!);
  }
  const rows = await writeLines(ctx, lines);
  if (!rows) throw invalid("quantity", MESSAGES.quantityUnavailable, "quantity_unavailable");
  const cart = cartView(ctx, rows);
  return okCart(ctx, { ...cart, addToCartCount: lines.reduce((sum, line) => sum + line.quantity, 0) });
}

function okCart(ctx: Ctx, data: unknown): Response {
  return new Response(JSON.stringify({ status: 200, data, errors: [], meta: ctx.newToken ? { token: ctx.newToken } : {} }), {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-store" },
  });
}

export async function getCart(ctx: Ctx): Promise<Response> {
  return okCart(ctx, await readCart(ctx));
}

export async function postCart(ctx: Ctx): Promise<Response> {
  const body = validate(addSchema, await readJson(ctx.request));
  const sku = body.sku ?? body.productId;
  if (!sku) throw validationFailure([{ code: "invalid_type", expected: "string", received: "undefined", path: ["sku"], message: "Required" }]);
  // One round trip: the product and, for a known visitor, what the cart already holds of it.
  let found: CommerceProduct | null;
  let existing: number | undefined;
  const visitorRead = visitorStatement(ctx);
  if (visitorRead && ctx.tokenHash) {
    const [visitor, product, line] = await ctx.db.batch([visitorRead, productStatement(ctx, sku), existingQuantityStatement(ctx, ctx.tokenHash, sku, "{}")]);
    setVisitorFromResult(ctx, visitor);
    found = productFromResult(product!);
    existing = (line!.results[0] as { quantity: number } | undefined)?.quantity ?? 0;
  } else {
    setVisitorFromResult(ctx, undefined);
    found = await findProduct(ctx, sku);
    existing = 0;
  }
  checkConfigurable(found, "sku");
  const resolved = await resolveConfiguration(ctx, found, body.configurableOptions ?? {}, "configurableOptions");
  const prefetched = resolved.product.sku === sku && Object.keys(resolved.options).length === 0 ? existing : undefined;
  return addLines(ctx, [{ product: resolved.product, quantity: body.quantity, options: resolved.options, desiredDate: body.desiredDate, existing: prefetched }], ["sku"]);
}

const formSchema = z.object({
  form_key: z.string({ required_error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(64),
  product: skuSchema,
  related_product: skuSchema.optional(),
  qty: z.coerce.number().int().min(1).max(MAX_QUANTITY).default(1),
});

/** POST /configuration/cart/add: form data with form_key, product, related_product and the selected option name/value pairs. */
export async function configurationCartAdd(ctx: Ctx): Promise<Response> {
  const type = ctx.request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) throw fail(415, MESSAGES.invalid, "unsupported_media_type");
  let form: FormData;
  try {
    form = await ctx.request.formData();
  } catch {
    throw fail(400, MESSAGES.invalid, "malformed_form");
  }
  const fields: Record<string, string> = {};
  const options: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") throw fail(400, MESSAGES.invalid, "malformed_form");
    if (["form_key", "product", "related_product", "qty"].includes(name)) fields[name] = value;
    else {
      const match = /^(?:options|super_attribute|selected_options)\[([^\]]+)\]$/.exec(name);
      options[match ? match[1]! : name] = value;
    }
  }
  if (fields.related_product === "") delete fields.related_product;
  const parsed = validate(formSchema, fields);
  const found = await findProduct(ctx, parsed.product);
  checkConfigurable(found, "product");
  const resolved = await resolveConfiguration(ctx, found, options, "selected_options");
  const lines: LineRequest[] = [{ product: resolved.product, quantity: parsed.qty, options: resolved.options }];
  const names = ["product"];
  if (parsed.related_product) {
    const related = await findProduct(ctx, parsed.related_product);
    checkOrderable(ctx, related, "related_product");
    lines.push({ product: related, quantity: 1, options: {} });
    names.push("related_product");
  }
  return addLines(ctx, lines, names);
}

/** PUT /cart/addSampleBySku/{sku}: a free sample into the cart; data is the new mini-cart item count. */
export async function addSampleBySku(ctx: Ctx, rawSku: string): Promise<Response> {
  const sku = validate(z.object({ sku: skuSchema }), { sku: decodeURIComponent(rawSku) }).sku;
  const product = await findProduct(ctx, sku);
  if (!isListed(product)) throw invalid("sku", MESSAGES.unknownProduct, "unknown_product");
  if (!product.sampleActive) throw invalid("sku", MESSAGES.samplesUnavailable, "samples_unavailable");
  const visitor = await ensureVisitor(ctx);
  const now = ctx.now.toISOString();
  const [, insert, count] = await ctx.db.batch([
    ctx.db.prepare("INSERT OR IGNORE INTO carts (visitor_id, shop_id, created_at) VALUES (?, ?, ?)").bind(visitor.id, ctx.shop.id, now),
    ctx.db
      .prepare(
        `INSERT INTO cart_items (cart_id, sku, kind, options, quantity, added_at)
         SELECT c.id, ?, 'sample', '{}', 1, ? FROM carts c WHERE c.visitor_id = ? AND c.shop_id = ?
           AND (SELECT COUNT(*) FROM cart_items WHERE cart_id = c.id AND kind = 'sample') < ${SAMPLE_SLOT_COUNT}
         ON CONFLICT (cart_id, sku, kind, options) DO NOTHING`,
      )
      .bind(sku, now, visitor.id, ctx.shop.id),
    ctx.db
      .prepare(
        `SELECT COUNT(*) AS n, SUM(ci.kind = 'sample' AND ci.sku = ?) AS has FROM carts c JOIN cart_items ci ON ci.cart_id = c.id
         WHERE c.visitor_id = ? AND c.shop_id = ?`,
      )
      .bind(sku, visitor.id, ctx.shop.id),
  ]);
  const counted = (count!.results[0] ?? { n: 0, has: 0 }) as { n: number; has: number | null };
  if ((insert!.meta.changes ?? 0) === 0 && !counted.has) throw new ApiFailure(422, [{ message: MESSAGES.sampleCartFull, code: "sample_cart_full", field: "sku" }]);
  return okCart(ctx, counted.n);
}
