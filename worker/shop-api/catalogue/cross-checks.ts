/**
 * The checks across the records of a file, against the configured shops
 * (config/shops.json) and against what D1 already holds: references, currencies,
 * languages, duplicates, slug collisions. Records of the file take precedence over
 * the rows they replace.
 */
import type { Shop } from "../core/shop";
import type { RecordOf, Section } from "./import-format";
import { normaliseVoucherCode } from "../tables/vouchers";
import { campaignKey, slugKey, type KnownData } from "./known-data";
import type { ProblemList } from "./problems";

/** A record with the right shape and its index in its section. */
export interface CheckedRecord<S extends Section> {
  index: number;
  record: RecordOf<S>;
}

export type CheckedDocument = { [S in Section]: CheckedRecord<S>[] };

/** What exists once the file is applied: the configured shops, and the file's records over D1's rows. */
interface Catalogue {
  shops: ReadonlyMap<string, Shop>;
  categoryExists: (id: string) => boolean;
  manufacturers: ReadonlySet<string>;
  products: ReadonlyMap<string, { type: string; shops: readonly string[] }>;
}

export function crossCheck(doc: CheckedDocument, known: KnownData, shops: readonly Shop[], problems: ProblemList): void {
  const products = new Map(known.products);
  for (const { record } of doc.products) products.set(record.sku, { type: record.type, shops: record.shops });
  const catalogue: Catalogue = {
    shops: new Map(shops.map((shop) => [shop.id, shop])),
    categoryExists: checkCategories(doc, known, problems),
    manufacturers: checkManufacturers(doc, known, problems),
    products,
  };
  checkProducts(doc, known, catalogue, problems);
  checkPrices(doc, catalogue, problems);
  duplicates(doc.cmsPages, "cmsPages", "identifier", (r) => `${r.shop}/${r.language}/${r.identifier}`, problems);
  checkShopLanguages("cmsPages", doc.cmsPages, catalogue, problems);
  for (const { index, record: page } of doc.cmsPages) {
    if (page.world !== undefined && !catalogue.categoryExists(page.world)) problems.add("cmsPages", index, ["world"], `unknown category '${page.world}'`);
    page.manufacturers?.forEach((id, j) => {
      if (!catalogue.manufacturers.has(id)) problems.add("cmsPages", index, ["manufacturers", j], `unknown manufacturer '${id}'`);
    });
  }
  duplicates(doc.cmsBlocks, "cmsBlocks", "identifier", (r) => `${r.shop}/${r.language}/${r.identifier}`, problems);
  checkShopLanguages("cmsBlocks", doc.cmsBlocks, catalogue, problems);
  duplicates(doc.seoLinks, "seoLinks", "position", (r) => `${r.shop}/${r.language}/${r.position}`, problems);
  checkShopLanguages("seoLinks", doc.seoLinks, catalogue, problems);
  duplicates(doc.reviews, "reviews", "id", (r) => r.id, problems);
  for (const { index, record } of doc.reviews) {
    if (!products.has(record.sku)) problems.add("reviews", index, ["sku"], `unknown product '${record.sku}'`);
  }
  checkTerrace(doc, known, catalogue, problems);
  checkCampaigns(doc, known, catalogue, problems);
}

/**
 * Campaigns (docs/decisions/0048): one per shop, language and identifier, in a language of
 * its shop; its hub names a SALES page of the same shop and language (in the file or in D1);
 * its coupon is a voucher of the shop; the languages of one campaign share its dates and flags.
 */
function checkCampaigns(doc: CheckedDocument, known: KnownData, catalogue: Catalogue, problems: ProblemList): void {
  duplicates(doc.campaigns, "campaigns", "identifier", (c) => `${c.shop}/${c.language}/${c.identifier}`, problems);
  checkShopLanguages("campaigns", doc.campaigns, catalogue, problems);
  const salesInFile = new Set(
    doc.cmsPages.filter(({ record }) => record.pageType === "SALES").map(({ record }) => campaignKey(record.shop, record.language, record.identifier)),
  );
  const first = new Map<string, RecordOf<"campaigns">>();
  for (const { index, record: c } of doc.campaigns) {
    const hub = campaignKey(c.shop, c.language, c.hub.identifier);
    if (!salesInFile.has(hub) && !known.salesPages.has(hub)) {
      problems.add("campaigns", index, ["hub", "identifier"], `no SALES page '${c.hub.identifier}' in shop ${c.shop} (${c.language})`);
    }
    if (c.campaignCoupon !== undefined) {
      const code = normaliseVoucherCode(c.campaignCoupon);
      if (!code || !known.vouchers.has(campaignKey(c.shop, code))) {
        problems.add(
          "campaigns",
          index,
          ["campaignCoupon"],
          `'${c.campaignCoupon}' is no voucher of shop ${c.shop} (leave it out when the prices need no code)`,
        );
      }
    }
    const key = campaignKey(c.shop, c.identifier);
    const other = first.get(key);
    if (!other) {
      first.set(key, c);
      continue;
    }
    for (const field of ["startsAt", "endsAt", "isActive", "isArchived"] as const) {
      const mine = field === "startsAt" || field === "endsAt" ? Date.parse(c[field]) : (c[field] ?? false);
      const theirs = field === "startsAt" || field === "endsAt" ? Date.parse(other[field]) : (other[field] ?? false);
      if (mine !== theirs) problems.add("campaigns", index, [field], `differs from the campaign's ${other.language} record (one campaign, one ${field})`);
    }
  }
}

/** What each part of a substructure kind must be (products[].terrace.role). */
const SYSTEM_PARTS = {
  joistSku: { joists_pedestals: ["joist"], joists_feet: ["joist"] },
  supportSku: { joists_pedestals: ["pedestal"], joists_feet: ["foot"] },
  fastenerSku: { joists_pedestals: ["clip", "screw"], joists_feet: ["clip", "screw"] },
  edgeSku: { joists_pedestals: ["edge"], joists_feet: ["edge"] },
} as const;

/**
 * The terrace planner's data (docs/decisions/0043): every board's family has rules (in the file
 * or in D1); every system's family has rules, and each product it names exists and has the
 * terrace role its place needs (a joist as joist, a pedestal for joists on pedestals, ...).
 */
function checkTerrace(doc: CheckedDocument, known: KnownData, catalogue: Catalogue, problems: ProblemList): void {
  duplicates(doc.terraceFamilies, "terraceFamilies", "family", (f) => f.family, problems);
  duplicates(doc.terraceSystems, "terraceSystems", "id", (s) => s.id, problems);
  const families = new Set([...known.terraceFamilies, ...doc.terraceFamilies.map((f) => f.record.family)]);
  const parts = new Map(known.terraceParts);
  for (const { record: p } of doc.products) {
    if (p.terrace) parts.set(p.sku, { role: p.terrace.role, family: p.terrace.family ?? null });
    else parts.delete(p.sku);
  }
  for (const { index, record: p } of doc.products) {
    const family = p.terrace?.family;
    if (family !== undefined && !families.has(family)) {
      problems.add("products", index, ["terrace", "family"], `unknown terrace family '${family}' (add it to terraceFamilies)`);
    }
  }
  for (const { index, record: system } of doc.terraceSystems) {
    if (!families.has(system.family))
      problems.add("terraceSystems", index, ["family"], `unknown terrace family '${system.family}' (add it to terraceFamilies)`);
    if (system.joistSku === undefined) problems.add("terraceSystems", index, ["joistSku"], `a ${system.kind} system needs joistSku`);
    if (system.supportSku === undefined) problems.add("terraceSystems", index, ["supportSku"], `a ${system.kind} system needs supportSku`);
    for (const field of ["joistSku", "supportSku", "fastenerSku", "edgeSku"] as const) {
      const sku = system[field];
      if (sku === undefined) continue;
      const roles: readonly string[] = SYSTEM_PARTS[field][system.kind];
      const part = parts.get(sku);
      if (!catalogue.products.has(sku)) problems.add("terraceSystems", index, [field], `unknown product '${sku}'`);
      else if (!part) problems.add("terraceSystems", index, [field], `product '${sku}' has no terrace data (needs terrace.role ${roles.join(" or ")})`);
      else if (!roles.includes(part.role)) {
        problems.add(
          "terraceSystems",
          index,
          [field],
          `product '${sku}' is a ${part.role}, but ${field} of a ${system.kind} system must be a ${roles.join(" or ")}`,
        );
      }
    }
  }
}

/** Problems of category records; answers whether a category id exists after the import. */
function checkCategories(doc: CheckedDocument, known: KnownData, problems: ProblemList): (id: string) => boolean {
  duplicates(doc.categories, "categories", "id", (c) => c.id, problems);
  const parents = new Map(known.categoryParents);
  for (const { record } of doc.categories) parents.set(record.id, record.parentId);
  const storedSlugs = withoutOwners(known.categorySlugs, new Set(doc.categories.map((c) => c.record.id)));
  const fileSlugs = new Map<string, string>();
  for (const { index, record: c } of doc.categories) {
    if (c.parentId !== null && !parents.has(c.parentId)) {
      problems.add("categories", index, ["parentId"], `unknown category '${c.parentId}'`);
    } else if (c.parentId !== null) {
      const seen = new Set([c.id]);
      for (let current: string | null | undefined = c.parentId; current; current = parents.get(current)) {
        if (seen.has(current)) {
          problems.add("categories", index, ["parentId"], `category parents form a cycle (${[...seen, current].join(" > ")})`);
          break;
        }
        seen.add(current);
      }
    }
    for (const [lang, entry] of Object.entries(c.translations)) {
      if (!entry) continue;
      const key = slugKey(lang, entry.slug);
      const other = fileSlugs.get(key) ?? storedSlugs.get(key);
      if (other && other !== c.id)
        problems.add("categories", index, ["translations", lang, "slug"], `slug '${entry.slug}' (${lang}) is already used by category '${other}'`);
      else fileSlugs.set(key, c.id);
    }
  }
  return (id) => parents.has(id);
}

/** Problems of manufacturer records; answers the manufacturer ids after the import. */
function checkManufacturers(doc: CheckedDocument, known: KnownData, problems: ProblemList): Set<string> {
  duplicates(doc.manufacturers, "manufacturers", "id", (m) => m.id, problems);
  duplicates(doc.manufacturers, "manufacturers", "slug", (m) => m.slug, problems);
  const manufacturers = new Set(known.manufacturers);
  for (const { index, record: m } of doc.manufacturers) {
    manufacturers.add(m.id);
    const owner = known.manufacturerSlugs.get(m.slug);
    if (owner && owner !== m.id) problems.add("manufacturers", index, ["slug"], `slug '${m.slug}' is already used by manufacturer '${owner}'`);
  }
  return manufacturers;
}

function checkProducts(doc: CheckedDocument, known: KnownData, catalogue: Catalogue, problems: ProblemList): void {
  duplicates(doc.products, "products", "sku", (p) => p.sku, problems);
  const storedSlugs = withoutOwners(known.productSlugs, new Set(doc.products.map((p) => p.record.sku)));
  const fileSlugs = new Map<string, string>();
  for (const { index, record: p } of doc.products) {
    const add = (path: (string | number)[], message: string) => problems.add("products", index, path, message);
    if (p.manufacturer !== undefined && !catalogue.manufacturers.has(p.manufacturer)) add(["manufacturer"], `unknown manufacturer '${p.manufacturer}'`);
    if (!catalogue.categoryExists(p.category)) add(["category"], `unknown category '${p.category}'`);
    p.categories?.forEach((c, j) => {
      if (!catalogue.categoryExists(c)) add(["categories", j], `unknown category '${c}'`);
    });
    if (p.parentSku !== undefined) {
      const parent = catalogue.products.get(p.parentSku);
      if (!parent) add(["parentSku"], `unknown product '${p.parentSku}'`);
      else if (parent.type !== "configurable") add(["parentSku"], `'${p.parentSku}' is not a configurable product (type '${parent.type}')`);
    }
    checkProductShops(p, catalogue.shops, add);
    for (const [lang, entry] of Object.entries(p.content)) {
      if (!entry) continue;
      const key = slugKey(lang, entry.slug);
      const other = fileSlugs.get(key) ?? storedSlugs.get(key);
      if (other && other !== p.sku) add(["content", lang, "slug"], `slug '${entry.slug}' (${lang}) is already used by product '${other}'`);
      else fileSlugs.set(key, p.sku);
    }
    checkRoofWindow(p, catalogue, add);
    // A configurable product in D1 that becomes simple would orphan its variants.
    if (known.products.get(p.sku)?.type === "configurable" && p.type !== "configurable" && doc.products.some((v) => v.record.parentSku === p.sku)) {
      add(["type"], `'${p.sku}' has variants in this file, so it must stay configurable`);
    }
  }
}

/**
 * The choices of a roof-window configuration are products sold as they are
 * (not configurable, no further roof-window configuration needed) in every shop of the
 * product that offers them, so a set never holds a component its shop cannot sell.
 */
function checkRoofWindow(p: RecordOf<"products">, catalogue: Catalogue, add: (path: (string | number)[], message: string) => void): void {
  p.roofWindowConfiguration?.forEach((step, s) => {
    step.stepData.choices.forEach((choice, c) => {
      const path = ["roofWindowConfiguration", s, "stepData", "choices", c, "sku"];
      const component = catalogue.products.get(choice.sku);
      if (!component) return add(path, `unknown product '${choice.sku}'`);
      if (component.type === "configurable") return add(path, `'${choice.sku}' is a configurable product; name one of its variants`);
      const missing = p.shops.filter((shop) => !component.shops.includes(shop));
      if (missing.length > 0) add(path, `'${choice.sku}' is not sold in ${missing.join(", ")}, where '${p.sku}' is`);
    });
  });
}

/**
 * A product's shops must be configured; its texts must be in languages its shops use,
 * and in the default language of each of its shops.
 */
function checkProductShops(p: RecordOf<"products">, shops: ReadonlyMap<string, Shop>, add: (path: (string | number)[], message: string) => void): void {
  const languages = new Set<string>();
  p.shops.forEach((id, j) => {
    const shop = shops.get(id);
    if (!shop) add(["shops", j], `unknown shop '${id}' (known: ${[...shops.keys()].join(", ")})`);
    else shop.languages.forEach((l) => languages.add(l));
  });
  // With an unknown shop, the languages of the product's shops are not known either.
  const shopsKnown = p.shops.every((id) => shops.has(id));
  const contentLanguages = Object.entries(p.content).flatMap(([lang, entry]) => (entry ? [lang] : []));
  for (const lang of contentLanguages) {
    if (shopsKnown && !languages.has(lang)) {
      add(["content", lang], `language '${lang}' is not used by any of the product's shops (${p.shops.join(", ")}: ${[...languages].join(", ")})`);
    }
  }
  for (const id of p.shops) {
    const shop = shops.get(id);
    if (shop && !contentLanguages.includes(shop.defaultLanguage)) {
      add(["content", shop.defaultLanguage], `content in '${shop.defaultLanguage}' is required for shop ${id}`);
    }
  }
  for (const section of ["downloads", "tutorials"] as const) {
    for (const lang of Object.keys(p[section] ?? {})) {
      if (shopsKnown && !languages.has(lang)) add([section, lang], `language '${lang}' is not used by any of the product's shops`);
    }
  }
}

function checkPrices(doc: CheckedDocument, catalogue: Catalogue, problems: ProblemList): void {
  duplicates(doc.prices, "prices", "sku", (p) => `${p.sku} in ${p.shop}`, problems);
  for (const { index, record: p } of doc.prices) {
    const product = catalogue.products.get(p.sku);
    if (!product) problems.add("prices", index, ["sku"], `unknown product '${p.sku}'`);
    const shop = catalogue.shops.get(p.shop);
    if (!shop) {
      problems.add("prices", index, ["shop"], `unknown shop '${p.shop}'`);
      continue;
    }
    if (p.currency !== shop.currency) problems.add("prices", index, ["currency"], `shop ${p.shop} sells in ${shop.currency}, not ${p.currency}`);
    if (product && !product.shops.includes(p.shop)) problems.add("prices", index, ["shop"], `product '${p.sku}' is not sold in shop ${p.shop}`);
  }
}

/** Pages, blocks, links: the shop must be configured and have the record's language. */
function checkShopLanguages(
  section: "cmsPages" | "cmsBlocks" | "seoLinks" | "campaigns",
  records: readonly { index: number; record: { shop: string; language: string } }[],
  catalogue: Catalogue,
  problems: ProblemList,
): void {
  for (const { index, record: r } of records) {
    const shop = catalogue.shops.get(r.shop);
    if (!shop) problems.add(section, index, ["shop"], `unknown shop '${r.shop}'`);
    else if (!shop.languages.includes(r.language)) {
      problems.add(section, index, ["language"], `shop ${r.shop} has no language '${r.language}' (languages: ${shop.languages.join(", ")})`);
    }
  }
}

/** Keys to slugs owned by records the file replaces are free for the file's records. */
function withoutOwners(slugs: ReadonlyMap<string, string>, ownersInFile: ReadonlySet<string>): Map<string, string> {
  return new Map([...slugs].filter(([, owner]) => !ownersInFile.has(owner)));
}

/** A second record with the same key is a problem of that record, naming the first. */
function duplicates<S extends Section>(
  records: readonly CheckedRecord<S>[],
  section: S,
  field: string,
  key: (record: RecordOf<S>) => string,
  problems: ProblemList,
): void {
  const first = new Map<string, number>();
  for (const { index, record } of records) {
    const value = key(record);
    const earlier = first.get(value);
    if (earlier !== undefined) problems.add(section, index, [field], `duplicate '${value}' (also in ${section}[${earlier}])`);
    else first.set(value, index);
  }
}
