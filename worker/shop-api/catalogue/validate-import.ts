/**
 * Validation of a catalogue import document as a whole: the shape of every record
 * (strict zod schemas: unknown fields are errors) and the checks across records
 * and against what the database already holds (references, currencies, languages,
 * duplicates, slug collisions). Every problem is collected; nothing stops at the first.
 */
import { z } from "zod";
import type { D1Database } from "@cloudflare/workers-types";
import { LANGUAGES, type Language } from "../../config/shop-config";
import { isUnitCode, UNIT_CODES } from "../../../domain/units";
import type { CatalogueDocument, ImportProblem } from "./import-format";

export const MAX_PROBLEMS = 200;

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/;
const IDENTIFIER_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

// ---------------------------------------------------------------- field schemas

const text = z.string().trim().min(1, "must not be empty");
const optionalText = z.string().optional();
const id = z.string().regex(ID_PATTERN, "must be 1-64 letters, digits, '.', '_' or '-'");
const shopId = z.string().regex(/^[A-Z]{2,8}$/, "must be 2-8 upper-case letters");
const slug = z.string().regex(SLUG_PATTERN, "must be lower-case words of a-z and 0-9 joined by '-', path parts separated by '/'");
const identifier = z.string().regex(IDENTIFIER_PATTERN, "must be lower-case words of a-z and 0-9 joined by '-'");
const language = z.enum(LANGUAGES, { errorMap: () => ({ message: `must be one of ${LANGUAGES.join(", ")}` }) });
const currency = z.enum(["EUR", "CHF"], { errorMap: () => ({ message: "must be EUR or CHF" }) });
const nonNegativeInt = z.number().int("must be a whole number").min(0, "must be 0 or more");
const position = nonNegativeInt;
const url = z
  .string()
  .min(1, "must not be empty")
  .refine((value) => /^(\/(?!\/)|https?:\/\/)[^\s]*$/.test(value), "must be a path starting with '/' or an http(s) URL");
const isoDateTime = z
  .string()
  .refine((value) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)), "must be an ISO 8601 date-time, e.g. 2025-07-01T00:00:00Z");
export const money = z
  .number({ invalid_type_error: "must be a number" })
  .finite()
  .min(0, "must be 0 or more")
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, "must have at most 2 decimals");
const taxRate = z.number().min(0, "must be 0 or more").max(50, "must be at most 50");
const unit = z.string().refine((value) => isUnitCode(value), (value) => ({
  message: `unknown unit '${value}' (allowed: ${UNIT_CODES.join(", ")})`,
}));
const ean = z
  .string()
  .refine((value) => /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value), "must be 8, 12, 13 or 14 digits")
  .refine((value) => !/^\d+$/.test(value) || eanCheckDigitValid(value), "has a wrong check digit");

/** Builds a strict object of optional per-language entries (unknown language keys are errors). */
function translations<T extends z.ZodTypeAny>(entry: T) {
  const shape = Object.fromEntries(LANGUAGES.map((lang) => [lang, entry.optional()])) as Record<Language, z.ZodOptional<T>>;
  return z.object(shape).strict();
}

// ---------------------------------------------------------------- record schemas

export const shopRecordSchema = z
  .object({
    id: shopId,
    name: text,
    currency,
    taxRate,
    languages: z.array(language).min(1, "needs at least one language"),
    defaultLanguage: language,
    domainPrefixes: z.array(language),
    deliveryCountries: z.array(z.string().regex(/^[a-z]{2}$/, "must be a two-letter lower-case country code")).min(1),
    baseUrl: z.string().url("must be a URL"),
  })
  .strict()
  .superRefine((shop, ctx) => {
    if (!shop.languages.includes(shop.defaultLanguage)) {
      ctx.addIssue({ code: "custom", path: ["defaultLanguage"], message: `must be one of the shop's languages (${shop.languages.join(", ")})` });
    }
  });

const sortingSchema = z
  .object({ sortBy: z.enum(["position", "price", "name", "newest"]), direction: z.enum(["asc", "desc"]) })
  .strict();

export const categoryRecordSchema = z
  .object({
    id,
    parentId: id.nullable(),
    position,
    image: url.optional(),
    topPosition: position.optional(),
    sorting: z.array(sortingSchema).optional(),
    translations: translations(
      z
        .object({
          name: text,
          slug,
          description: optionalText,
          teaser: optionalText,
          topDescription: optionalText,
          metaTitle: optionalText,
          metaDescription: optionalText,
        })
        .strict(),
    ),
  })
  .strict()
  .superRefine((category, ctx) => {
    if (Object.keys(category.translations).length === 0) {
      ctx.addIssue({ code: "custom", path: ["translations"], message: "needs at least one language" });
    }
    if (category.parentId === category.id) ctx.addIssue({ code: "custom", path: ["parentId"], message: "a category cannot be its own parent" });
  });

export const manufacturerRecordSchema = z
  .object({
    id,
    name: text,
    slug: identifier,
    logo: url.optional(),
    url: url.optional(),
    topPosition: position.optional(),
    translations: translations(z.object({ description: optionalText, shortDescription: optionalText }).strict()).optional(),
  })
  .strict();

const attributeSchema = z
  .object({
    code: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be lower-case snake_case"),
    label: text,
    type: z.enum(["text", "number", "boolean"]),
    value: z.string(),
    isVisible: z.boolean(),
  })
  .strict();

const productContentSchema = z
  .object({
    slug,
    title: text,
    subtitle: optionalText,
    shortDescription: optionalText,
    description: optionalText,
    lowStockMessage: optionalText,
    measurement: optionalText,
    features: z.array(text).optional(),
    attributes: z.array(attributeSchema).optional(),
    metaTitle: optionalText,
    metaDescription: optionalText,
  })
  .strict();

export const productRecordSchema = z
  .object({
    sku: id,
    parentSku: id.optional(),
    type: z.enum(["simple", "configurable", "variant"]),
    manufacturer: id.optional(),
    category: id,
    categories: z.array(id).optional(),
    shops: z.array(shopId).min(1, "needs at least one shop"),
    ean: ean.optional(),
    unit,
    packageContent: z.number().finite().positive("must be more than 0"),
    blendPercent: z.number().min(0, "must be 0 or more").max(50, "must be at most 50").optional(),
    shippingGroup: z.enum(["parcel", "freight"]),
    isDecking: z.boolean().optional(),
    isExpress: z.boolean().optional(),
    isClearance: z.boolean().optional(),
    isPlus: z.boolean().optional(),
    isActive: z.boolean().optional(),
    reachedEol: z.boolean().optional(),
    deliveryDays: z.object({ min: nonNegativeInt, max: nonNegativeInt }).strict(),
    stock: z
      .object({
        quantity: nonNegativeInt,
        minimumOrderQuantity: z.number().finite().positive("must be more than 0").optional(),
        notificationQuantity: nonNegativeInt.optional(),
      })
      .strict(),
    samples: z
      .object({
        active: z.boolean(),
        express: z.boolean().optional(),
        longDeliveryTime: z.boolean().optional(),
        free: z.boolean().optional(),
        max: z.number().int().min(0).max(7, "at most 7 free samples per order").optional(),
      })
      .strict()
      .optional(),
    configurableAttributes: z
      .array(
        z
          .object({
            code: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be lower-case snake_case"),
            label: text,
            options: z.array(z.object({ value: text, label: text }).strict()).min(1),
          })
          .strict(),
      )
      .optional(),
    content: translations(productContentSchema),
    media: z.array(z.object({ kind: z.enum(["image", "video"]), url, alt: optionalText }).strict()).optional(),
    downloads: translations(z.array(z.object({ title: text, url }).strict())).optional(),
    tutorials: translations(
      z.array(z.object({ title: text, content: optionalText, type: z.enum(["video", "text", "pdf"]), url: url.optional() }).strict()),
    ).optional(),
  })
  .strict()
  .superRefine((product, ctx) => {
    if (product.deliveryDays.min > product.deliveryDays.max) {
      ctx.addIssue({ code: "custom", path: ["deliveryDays", "min"], message: `must not be more than deliveryDays.max (${product.deliveryDays.max})` });
    }
    if (product.type === "variant" && !product.parentSku) {
      ctx.addIssue({ code: "custom", path: ["parentSku"], message: "a variant needs the parentSku of its configurable product" });
    }
    if (product.type !== "variant" && product.parentSku) {
      ctx.addIssue({ code: "custom", path: ["parentSku"], message: `only variants have a parentSku (type is '${product.type}')` });
    }
    if (product.parentSku && product.parentSku === product.sku) {
      ctx.addIssue({ code: "custom", path: ["parentSku"], message: "a product cannot be its own parent" });
    }
    if (Object.keys(product.content).length === 0) {
      ctx.addIssue({ code: "custom", path: ["content"], message: "needs content in at least one language" });
    }
    const seen = new Set<string>();
    product.shops.forEach((shop, index) => {
      if (seen.has(shop)) ctx.addIssue({ code: "custom", path: ["shops", index], message: `shop '${shop}' is listed twice` });
      seen.add(shop);
    });
  });

export const priceRecordSchema = z
  .object({
    sku: id,
    shop: shopId,
    currency,
    packagePrice: money,
    unitPrice: money,
    taxRate: taxRate.optional(),
    validFrom: isoDateTime.optional(),
  })
  .strict();

export const PAGE_TYPES = ["CMS", "CHAT", "SALES", "VIDEOLIB", "CONFIGURATOR_LANDING_PAGE", "MANUFACTURERS", "CUSTOM"] as const;

export const cmsPageRecordSchema = z
  .object({
    shop: shopId,
    language,
    identifier,
    pageType: z.enum(PAGE_TYPES).optional(),
    title: text,
    contentHeading: optionalText,
    content: optionalText,
    metaTitle: optionalText,
    metaDescription: optionalText,
    robots: z.string().regex(/^(no)?index,\s?(no)?follow$/, "must be like 'index,follow' or 'noindex,nofollow'").optional(),
    excludeFromSitemap: z.boolean().optional(),
  })
  .strict();

export const cmsBlockRecordSchema = z.object({ shop: shopId, language, identifier: z.string().regex(/^[a-z0-9]+([-_][a-z0-9]+)*$/, "must be lower-case words of a-z and 0-9 joined by '-' or '_'"), content: z.string() }).strict();
export const seoLinkRecordSchema = z.object({ shop: shopId, language, position, label: text, url }).strict();
export const reviewRecordSchema = z
  .object({
    id,
    sku: id,
    language,
    mark: z.number().int("must be a whole number").min(1, "must be 1 to 5").max(5, "must be 1 to 5"),
    comment: text,
    reviewer: text,
    answer: optionalText,
    createdAt: isoDateTime,
  })
  .strict();

export const SECTION_SCHEMAS = {
  shops: shopRecordSchema,
  categories: categoryRecordSchema,
  manufacturers: manufacturerRecordSchema,
  products: productRecordSchema,
  prices: priceRecordSchema,
  cmsPages: cmsPageRecordSchema,
  cmsBlocks: cmsBlockRecordSchema,
  seoLinks: seoLinkRecordSchema,
  reviews: reviewRecordSchema,
} as const;

export type Section = keyof typeof SECTION_SCHEMAS;
export const SECTIONS = Object.keys(SECTION_SCHEMAS) as Section[];

// ---------------------------------------------------------------- helpers

export function eanCheckDigitValid(code: string): boolean {
  const digits = code.split("").map(Number);
  const check = digits.pop()!;
  let sum = 0;
  digits.reverse().forEach((digit, index) => {
    sum += digit * (index % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10 === check;
}

export function formatPath(path: (string | number)[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : String(part)), "");
}

/** Collects problems up to MAX_PROBLEMS, then counts the rest. */
export class ProblemList {
  readonly items: ImportProblem[] = [];
  private dropped = 0;

  add(section: string, index: number | undefined, path: (string | number)[], message: string): void {
    const field = index === undefined ? formatPath([section, ...path]) : formatPath([section, index, ...path]);
    this.push({ row: index === undefined ? undefined : index + 1, field, message });
  }

  push(problem: ImportProblem): void {
    if (this.items.length < MAX_PROBLEMS) this.items.push(problem);
    else this.dropped++;
  }

  get size(): number {
    return this.items.length + this.dropped;
  }

  result(): ImportProblem[] {
    if (this.dropped === 0) return this.items;
    return [...this.items, { field: "(file)", message: `… and ${this.dropped} more` }];
  }
}

/** What the database already holds that the file may refer to (loaded in bulk, by key). */
export interface KnownData {
  shops: Map<string, { currency: string; languages: Language[]; defaultLanguage: Language; taxRate: number }>;
  categories: Set<string>;
  categoryParents: Map<string, string | null>;
  manufacturers: Set<string>;
  manufacturerSlugs: Map<string, string>; // slug -> id
  products: Map<string, { type: string; shops: string[] }>;
  productSlugs: Map<string, string>; // `${language}\u0000${slug}` -> sku
  categorySlugs: Map<string, string>; // `${language}\u0000${slug}` -> category id
}

/** Keys per lookup: all keys travel as one JSON parameter (D1 allows at most 100 bound parameters). */
const IN_CHUNK = 2000;

/** Runs `sql` for the given keys; `sql` receives the subquery to put inside `IN (...)`. */
export async function selectIn<T>(db: D1Database, sql: (keys: string) => string, values: readonly unknown[]): Promise<T[]> {
  const out: T[] = [];
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += IN_CHUNK) {
    const chunk = unique.slice(i, i + IN_CHUNK);
    const result = await db.prepare(sql("SELECT value FROM json_each(?)")).bind(JSON.stringify(chunk)).all<T>();
    out.push(...result.results);
  }
  return out;
}

/** Looks up (a, b) pairs, e.g. (language, slug), so the two-column index is used. */
async function selectPairs<T>(db: D1Database, sqlBeforeSubquery: string, pairs: [string, string][]): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < pairs.length; i += IN_CHUNK) {
    const chunk = pairs.slice(i, i + IN_CHUNK);
    const sql = `${sqlBeforeSubquery} (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))`;
    const result = await db.prepare(sql).bind(JSON.stringify(chunk)).all<T>();
    out.push(...result.results);
  }
  return out;
}

/** Loads the database rows the document refers to. */
export async function loadKnownData(db: D1Database, doc: CatalogueDocument): Promise<KnownData> {
  const known: KnownData = {
    shops: new Map(),
    categories: new Set(),
    categoryParents: new Map(),
    manufacturers: new Set(),
    manufacturerSlugs: new Map(),
    products: new Map(),
    productSlugs: new Map(),
    categorySlugs: new Map(),
  };
  const shops = await db
    .prepare("SELECT id, currency, languages, default_language, tax_rate FROM shops")
    .all<{ id: string; currency: string; languages: string; default_language: Language; tax_rate: number }>();
  for (const row of shops.results) {
    known.shops.set(row.id, { currency: row.currency, languages: JSON.parse(row.languages), defaultLanguage: row.default_language, taxRate: row.tax_rate });
  }
  const products = arrayOf(doc.products);
  const categoryIds = new Set<string>();
  for (const c of arrayOf(doc.categories)) {
    if (isObject(c)) {
      if (typeof c.id === "string") categoryIds.add(c.id);
      if (typeof c.parentId === "string") categoryIds.add(c.parentId);
    }
  }
  const skus = new Set<string>();
  const manufacturerIds = new Set<string>();
  for (const p of products) {
    if (!isObject(p)) continue;
    if (typeof p.sku === "string") skus.add(p.sku);
    if (typeof p.parentSku === "string") skus.add(p.parentSku);
    if (typeof p.category === "string") categoryIds.add(p.category);
    if (Array.isArray(p.categories)) for (const c of p.categories) if (typeof c === "string") categoryIds.add(c);
    if (typeof p.manufacturer === "string") manufacturerIds.add(p.manufacturer);
  }
  for (const section of [doc.prices, doc.reviews]) {
    for (const r of arrayOf(section)) if (isObject(r) && typeof r.sku === "string") skus.add(r.sku);
  }
  for (const row of await selectIn<{ id: string; parent_id: string | null }>(db, (p) => `SELECT id, parent_id FROM categories WHERE id IN (${p})`, [...categoryIds])) {
    known.categories.add(row.id);
    known.categoryParents.set(row.id, row.parent_id);
  }
  const manufacturerSlugs = arrayOf(doc.manufacturers).filter(isObject).map((m) => m.slug).filter((s): s is string => typeof s === "string");
  for (const m of arrayOf(doc.manufacturers)) if (isObject(m) && typeof m.id === "string") manufacturerIds.add(m.id);
  for (const row of await selectIn<{ id: string }>(db, (p) => `SELECT id FROM manufacturers WHERE id IN (${p})`, [...manufacturerIds])) {
    known.manufacturers.add(row.id);
  }
  for (const row of await selectIn<{ id: string; slug: string }>(db, (p) => `SELECT id, slug FROM manufacturers WHERE slug IN (${p})`, manufacturerSlugs)) {
    known.manufacturerSlugs.set(row.slug, row.id);
  }
  for (const row of await selectIn<{ sku: string; type: string }>(db, (p) => `SELECT sku, type FROM products WHERE sku IN (${p})`, [...skus])) {
    known.products.set(row.sku, { type: row.type, shops: [] });
  }
  for (const row of await selectIn<{ sku: string; shop_id: string }>(db, (p) => `SELECT sku, shop_id FROM product_shops WHERE sku IN (${p})`, [...known.products.keys()])) {
    known.products.get(row.sku)?.shops.push(row.shop_id);
  }
  const productSlugs: [string, string][] = [];
  for (const p of products) {
    if (!isObject(p) || !isObject(p.content)) continue;
    for (const [lang, entry] of Object.entries(p.content)) if (isObject(entry) && typeof entry.slug === "string") productSlugs.push([lang, entry.slug]);
  }
  for (const row of await selectPairs<{ sku: string; language: string; slug: string }>(db, "SELECT sku, language, slug FROM product_content WHERE (language, slug) IN", productSlugs)) {
    known.productSlugs.set(`${row.language}\u0000${row.slug}`, row.sku);
  }
  const categorySlugs: [string, string][] = [];
  for (const c of arrayOf(doc.categories)) {
    if (!isObject(c) || !isObject(c.translations)) continue;
    for (const [lang, entry] of Object.entries(c.translations)) if (isObject(entry) && typeof entry.slug === "string") categorySlugs.push([lang, entry.slug]);
  }
  for (const row of await selectPairs<{ category_id: string; language: string; slug: string }>(db, "SELECT category_id, language, slug FROM category_translations WHERE (language, slug) IN", categorySlugs)) {
    known.categorySlugs.set(`${row.language}\u0000${row.slug}`, row.category_id);
  }
  return known;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------- validation

export type ValidationOutcome = { ok: true; document: CatalogueDocument } | { ok: false; problems: ImportProblem[] };

/**
 * Validates a parsed document. `db` is read (never written) to resolve references
 * to shops, categories, manufacturers and products the file does not contain.
 */
export async function validateCatalogueDocument(raw: unknown, db: D1Database): Promise<ValidationOutcome> {
  const problems = new ProblemList();
  if (!isObject(raw)) {
    return { ok: false, problems: [{ field: "(file)", message: "must be a JSON object with sections like products, prices, categories" }] };
  }
  for (const key of Object.keys(raw)) {
    if (!(key in SECTION_SCHEMAS)) problems.add(key, undefined, [], `unknown section (allowed: ${SECTIONS.join(", ")})`);
  }
  const doc: Record<string, unknown[]> = {};
  const valid: Record<string, boolean[]> = {};
  for (const section of SECTIONS) {
    const value = raw[section];
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      problems.add(section, undefined, [], "must be an array");
      continue;
    }
    const schema = SECTION_SCHEMAS[section] as z.ZodTypeAny;
    doc[section] = [];
    valid[section] = [];
    value.forEach((record, index) => {
      const parsed = schema.safeParse(record);
      if (parsed.success) {
        doc[section]!.push(parsed.data);
        valid[section]!.push(true);
      } else {
        doc[section]!.push(record);
        // Only refinements failed (the shape is right): the checks across records still run for it.
        valid[section]!.push(parsed.error.issues.every((issue) => issue.code === "custom"));
        for (const issue of parsed.error.issues) problems.add(section, index, issue.path, issueMessage(issue));
      }
    });
  }
  const document = doc as CatalogueDocument;
  const known = await loadKnownData(db, document);
  crossChecks(document, valid, known, problems);
  if (problems.size > 0) return { ok: false, problems: problems.result() };
  return { ok: true, document };
}

function issueMessage(issue: z.ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")}`;
  if (issue.code === "invalid_type") {
    if (issue.received === "undefined") return "is required";
    return `must be ${article(issue.expected)} (got ${issue.received})`;
  }
  if (issue.code === "invalid_enum_value") return `must be one of ${issue.options.join(", ")} (got '${String(issue.received)}')`;
  return issue.message;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function crossChecks(doc: CatalogueDocument, valid: Record<string, boolean[]>, known: KnownData, problems: ProblemList): void {
  const ok = (section: string, index: number) => valid[section]?.[index] === true;

  // Shops: file records take precedence over the database.
  const shops = new Map(known.shops);
  duplicates(doc.shops, (s) => s.id, "id", "shops", problems, ok);
  doc.shops?.forEach((s, i) => {
    if (ok("shops", i)) shops.set(s.id, { currency: s.currency, languages: s.languages, defaultLanguage: s.defaultLanguage, taxRate: s.taxRate });
  });
  const shopExists = (id: string) => shops.has(id);

  // Categories.
  duplicates(doc.categories, (c) => c.id, "id", "categories", problems, ok);
  const categoryParents = new Map(known.categoryParents);
  doc.categories?.forEach((c, i) => {
    if (ok("categories", i)) categoryParents.set(c.id, c.parentId);
  });
  const categorySlugOwner = new Map(known.categorySlugs);
  const categoryIdsInFile = new Set(doc.categories?.filter((_, i) => ok("categories", i)).map((c) => c.id));
  for (const [key, owner] of categorySlugOwner) if (categoryIdsInFile.has(owner)) categorySlugOwner.delete(key);
  const fileCategorySlugs = new Map<string, string>();
  doc.categories?.forEach((c, i) => {
    if (!ok("categories", i)) return;
    if (c.parentId !== null && !categoryParents.has(c.parentId)) {
      problems.add("categories", i, ["parentId"], `unknown category '${c.parentId}'`);
    } else if (c.parentId !== null) {
      // Walk up to detect cycles.
      const seen = new Set([c.id]);
      let current: string | null | undefined = c.parentId;
      while (current) {
        if (seen.has(current)) {
          problems.add("categories", i, ["parentId"], `category parents form a cycle (${[...seen, current].join(" > ")})`);
          break;
        }
        seen.add(current);
        current = categoryParents.get(current);
      }
    }
    for (const [lang, entry] of Object.entries(c.translations)) {
      if (!entry) continue;
      const key = `${lang}\u0000${entry.slug}`;
      const other = fileCategorySlugs.get(key) ?? categorySlugOwner.get(key);
      if (other && other !== c.id) problems.add("categories", i, ["translations", lang, "slug"], `slug '${entry.slug}' (${lang}) is already used by category '${other}'`);
      else fileCategorySlugs.set(key, c.id);
    }
  });
  const categoryExists = (id: string) => categoryParents.has(id) || known.categories.has(id);

  // Manufacturers.
  duplicates(doc.manufacturers, (m) => m.id, "id", "manufacturers", problems, ok);
  duplicates(doc.manufacturers, (m) => m.slug, "slug", "manufacturers", problems, ok);
  const manufacturers = new Set(known.manufacturers);
  doc.manufacturers?.forEach((m, i) => {
    if (!ok("manufacturers", i)) return;
    manufacturers.add(m.id);
    const owner = known.manufacturerSlugs.get(m.slug);
    if (owner && owner !== m.id) problems.add("manufacturers", i, ["slug"], `slug '${m.slug}' is already used by manufacturer '${owner}'`);
  });

  // Products.
  duplicates(doc.products, (p) => p.sku, "sku", "products", problems, ok);
  const products = new Map<string, { type: string; shops: string[] }>(known.products);
  doc.products?.forEach((p, i) => {
    if (ok("products", i)) products.set(p.sku, { type: p.type, shops: p.shops });
  });
  const productSkusInFile = new Set(doc.products?.filter((_, i) => ok("products", i)).map((p) => p.sku));
  const productSlugOwner = new Map(known.productSlugs);
  for (const [key, owner] of productSlugOwner) if (productSkusInFile.has(owner)) productSlugOwner.delete(key);
  const fileProductSlugs = new Map<string, string>();
  doc.products?.forEach((p, i) => {
    if (!ok("products", i)) return;
    if (p.manufacturer !== undefined && !manufacturers.has(p.manufacturer)) problems.add("products", i, ["manufacturer"], `unknown manufacturer '${p.manufacturer}'`);
    if (!categoryExists(p.category)) problems.add("products", i, ["category"], `unknown category '${p.category}'`);
    p.categories?.forEach((c, j) => {
      if (!categoryExists(c)) problems.add("products", i, ["categories", j], `unknown category '${c}'`);
    });
    const productLanguages = new Set<string>();
    p.shops.forEach((s, j) => {
      const shop = shops.get(s);
      if (!shop) problems.add("products", i, ["shops", j], `unknown shop '${s}' (known: ${[...shops.keys()].join(", ") || "none"})`);
      else shop.languages.forEach((l) => productLanguages.add(l));
    });
    if (p.parentSku !== undefined) {
      const parent = products.get(p.parentSku);
      if (!parent) problems.add("products", i, ["parentSku"], `unknown product '${p.parentSku}'`);
      else if (parent.type !== "configurable") problems.add("products", i, ["parentSku"], `'${p.parentSku}' is not a configurable product (type '${parent.type}')`);
    }
    const shopsKnown = p.shops.every((s) => shops.has(s));
    for (const [lang, entry] of Object.entries(p.content)) {
      if (!entry) continue;
      if (shopsKnown && !productLanguages.has(lang)) {
        problems.add("products", i, ["content", lang], `language '${lang}' is not used by any of the product's shops (${p.shops.join(", ")}: ${[...productLanguages].join(", ")})`);
      }
      const key = `${lang}\u0000${entry.slug}`;
      const other = fileProductSlugs.get(key) ?? productSlugOwner.get(key);
      if (other && other !== p.sku) problems.add("products", i, ["content", lang, "slug"], `slug '${entry.slug}' (${lang}) is already used by product '${other}'`);
      else fileProductSlugs.set(key, p.sku);
    }
    for (const s of p.shops) {
      const shop = shops.get(s);
      if (shop && !p.content[shop.defaultLanguage]) {
        problems.add("products", i, ["content", shop.defaultLanguage], `content in '${shop.defaultLanguage}' is required for shop ${s}`);
      }
    }
    for (const [section, value] of [["downloads", p.downloads], ["tutorials", p.tutorials]] as const) {
      for (const lang of Object.keys(value ?? {})) {
        if (shopsKnown && !productLanguages.has(lang)) problems.add("products", i, [section, lang], `language '${lang}' is not used by any of the product's shops`);
      }
    }
  });
  // A configurable product in the database that becomes simple would orphan its variants.
  doc.products?.forEach((p, i) => {
    if (!ok("products", i)) return;
    if (known.products.get(p.sku)?.type === "configurable" && p.type !== "configurable") {
      const variantsInFile = doc.products!.some((v, j) => ok("products", j) && v.parentSku === p.sku);
      if (variantsInFile) problems.add("products", i, ["type"], `'${p.sku}' has variants in this file, so it must stay configurable`);
    }
  });

  // Prices.
  duplicates(doc.prices, (p) => `${p.sku} in ${p.shop}`, "sku", "prices", problems, ok);
  doc.prices?.forEach((p, i) => {
    if (!ok("prices", i)) return;
    const product = products.get(p.sku);
    if (!product) problems.add("prices", i, ["sku"], `unknown product '${p.sku}'`);
    const shop = shops.get(p.shop);
    if (!shop) {
      problems.add("prices", i, ["shop"], `unknown shop '${p.shop}'`);
      return;
    }
    if (p.currency !== shop.currency) problems.add("prices", i, ["currency"], `shop ${p.shop} sells in ${shop.currency}, not ${p.currency}`);
    if (product && !product.shops.includes(p.shop)) problems.add("prices", i, ["shop"], `product '${p.sku}' is not sold in shop ${p.shop}`);
  });

  // Pages, blocks, links: the language must be one of the shop's.
  const shopLanguage = (section: string, records: { shop: string; language: string }[] | undefined) =>
    records?.forEach((r, i) => {
      if (!ok(section, i)) return;
      const shop = shops.get(r.shop);
      if (!shop) problems.add(section, i, ["shop"], `unknown shop '${r.shop}'`);
      else if (!shop.languages.includes(r.language as Language)) {
        problems.add(section, i, ["language"], `shop ${r.shop} has no language '${r.language}' (languages: ${shop.languages.join(", ")})`);
      }
    });
  duplicates(doc.cmsPages, (p) => `${p.shop}/${p.language}/${p.identifier}`, "identifier", "cmsPages", problems, ok);
  shopLanguage("cmsPages", doc.cmsPages);
  duplicates(doc.cmsBlocks, (p) => `${p.shop}/${p.language}/${p.identifier}`, "identifier", "cmsBlocks", problems, ok);
  shopLanguage("cmsBlocks", doc.cmsBlocks);
  duplicates(doc.seoLinks, (p) => `${p.shop}/${p.language}/${p.position}`, "position", "seoLinks", problems, ok);
  shopLanguage("seoLinks", doc.seoLinks);

  // Reviews.
  duplicates(doc.reviews, (r) => r.id, "id", "reviews", problems, ok);
  doc.reviews?.forEach((r, i) => {
    if (ok("reviews", i) && !products.has(r.sku)) problems.add("reviews", i, ["sku"], `unknown product '${r.sku}'`);
  });
  void shopExists;
}

function duplicates<T>(
  records: T[] | undefined,
  key: (record: T) => string,
  field: string,
  section: string,
  problems: ProblemList,
  ok: (section: string, index: number) => boolean,
): void {
  const first = new Map<string, number>();
  records?.forEach((record, index) => {
    if (!ok(section, index)) return;
    const value = key(record);
    const earlier = first.get(value);
    if (earlier !== undefined) problems.add(section, index, [field], `duplicate '${value}' (also in ${section}[${earlier}])`);
    else first.set(value, index);
  });
}
