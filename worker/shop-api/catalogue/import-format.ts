/**
 * The catalogue import format merchandisers (and the demo generator) use, as zod
 * schemas; the record types are inferred from them. JSON: one CatalogueDocument; every
 * section is optional. CSV: products or prices, one row per record, converted to the
 * same records (csv-import.ts).
 *
 * Semantics: every record is an upsert keyed by its id/sku. A product record replaces
 * the product as a whole (content, media, downloads, tutorials, categories, shops).
 * Money is given in major units with at most two decimals (49.95) and stored in minor
 * units. Shops are not part of the format: they are configured in config/shops.json,
 * and records name a configured shop by its id.
 *
 * The schemas check each record on its own (strict: unknown fields are errors); the
 * checks across records and against the database are in cross-checks.ts.
 */
import { z } from "zod";
import type { ImportFormat, ImportProblem } from "@domain/back-office/catalogue";
import { isUnitCode, UNIT_CODES } from "@domain/units";
import { LANGUAGES, type Language } from "@config/shop-config";

// MAGAZINE: the guide magazine's index; GUIDE: one of its guide pages (docs/decisions/0070).
const PAGE_TYPES = ["CMS", "CHAT", "SALES", "VIDEOLIB", "CONFIGURATOR_LANDING_PAGE", "MANUFACTURERS", "CUSTOM", "EMPTY", "MAGAZINE", "GUIDE"] as const;

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/;
const IDENTIFIER_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function eanCheckDigitValid(code: string): boolean {
  const digits = code.split("").map(Number);
  const check = digits.pop();
  let sum = 0;
  digits.reverse().forEach((digit, index) => {
    sum += digit * (index % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10 === check;
}

// ---------------------------------------------------------------- fields

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
const snakeCase = z.string().regex(/^[a-z][a-z0-9_]*$/, "must be lower-case snake_case");
const url = z
  .string()
  .min(1, "must not be empty")
  .refine((value) => /^(\/(?!\/)|https?:\/\/)[^\s]*$/.test(value), "must be a path starting with '/' or an http(s) URL");
/**
 * A video's poster (docs/decisions/0047): the still image the click-to-load player shows
 * before the click, an image of the shop's own under /images/videos/ (never a third party's:
 * nothing is requested from one before the click).
 */
const videoPoster = z
  .string()
  .regex(
    /^\/images\/videos\/[a-z0-9][a-z0-9/_-]*\.(jpg|jpeg|png|webp|avif)$/,
    "must be an image path under /images/videos/ like /images/videos/tutorials/laying.jpg",
  )
  .refine((value) => !value.includes("//"), "must be an image path under /images/videos/ like /images/videos/tutorials/laying.jpg");
const isoDateTime = z
  .string()
  .refine((value) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)), "must be an ISO 8601 date-time, e.g. 2025-07-01T00:00:00Z");
const money = z
  .number({ invalid_type_error: "must be a number" })
  .finite()
  .min(0, "must be 0 or more")
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, "must have at most 2 decimals");
const taxRate = z.number().min(0, "must be 0 or more").max(50, "must be at most 50");
const unit = z.string().refine(isUnitCode, (value) => ({ message: `unknown unit '${value}' (allowed: ${UNIT_CODES.join(", ")})` }));
const ean = z
  .string()
  .refine((value) => /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value), "must be 8, 12, 13 or 14 digits")
  .refine((value) => !/^\d+$/.test(value) || eanCheckDigitValid(value), "has a wrong check digit");

/** A strict object of optional per-language entries (unknown language keys are errors). */
function translations<T extends z.ZodTypeAny>(entry: T) {
  const shape = Object.fromEntries(LANGUAGES.map((lang) => [lang, entry.optional()])) as Record<Language, z.ZodOptional<T>>;
  return z.object(shape).strict();
}

/** A label shoppers read (domain/catalogue-label.ts): one text for every language, or a text per language. */
const catalogueLabel = z.union([text, translations(text).refine((labels) => Object.keys(labels).length > 0, "needs a text in at least one language")]);

// ---------------------------------------------------------------- records

const categoryRecordSchema = z
  .object({
    id,
    parentId: id.nullable(), // null: a world (top of the tree)
    position,
    image: url.optional(),
    topPosition: position.optional(), // set: listed among the top categories
    sorting: z.array(z.object({ sortBy: z.enum(["position", "price", "name", "newest"]), direction: z.enum(["asc", "desc"]) }).strict()).optional(),
    translations: translations(
      z
        .object({
          name: text,
          slug, // path without language prefix and .html, e.g. "parkett/landhausdielen"
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

const manufacturerRecordSchema = z
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

// ---------------------------------------------------------------- terrace planner (docs/decisions/0043)

export const TERRACE_ROLES = ["board", "joist", "pedestal", "foot", "clip", "screw", "edge"] as const;
const millimetres = (max: number) => z.number().int("must be a whole number of millimetres").min(1, "must be at least 1").max(max, `must be at most ${max}`);
const centimetres = (min: number, max: number) =>
  z.number().int("must be a whole number of centimetres").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** products[].terrace: a decking board with its laying data, or a part of a substructure. */
const terraceProductSchema = z
  .object({
    role: z.enum(TERRACE_ROLES, { errorMap: () => ({ message: `must be one of ${TERRACE_ROLES.join(", ")}` }) }),
    family: identifier.optional(), // boards: the family whose rules apply (terraceFamilies)
    lengthMm: millimetres(12_000).optional(), // boards, joists, edge boards: the stock length
    widthMm: millimetres(1_000).pipe(z.number().min(20, "must be at least 20")).optional(), // boards (the planner lays at least 20 mm per row)
    gapMm: z.number().finite().min(0, "must be 0 or more").max(30, "must be at most 30").optional(), // boards: the joint between boards
  })
  .strict()
  .superRefine((part, ctx) => {
    const need = (field: "family" | "lengthMm" | "widthMm" | "gapMm", why: string) => {
      if (part[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `${why} needs ${field}` });
    };
    const refuse = (field: "family" | "widthMm" | "gapMm" | "lengthMm") => {
      if (part[field] !== undefined) ctx.addIssue({ code: "custom", path: [field], message: `a ${part.role} has no ${field}` });
    };
    if (part.role === "board") {
      for (const field of ["family", "lengthMm", "widthMm", "gapMm"] as const) need(field, "a board");
    } else {
      refuse("widthMm");
      refuse("gapMm");
      if (part.role === "joist" || part.role === "edge") need("lengthMm", `a ${part.role}`);
      else refuse("lengthMm");
    }
  });

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
    attributes: z
      .array(
        z
          .object({ code: snakeCase, label: text, type: z.enum(["text", "number", "boolean"]), value: z.string(), isVisible: z.boolean() })
          .strict()
          // A boolean is shown as yes or no in the page's language (TechnicalData.tsx): only these two values have a word.
          .refine((attribute) => attribute.type !== "boolean" || attribute.value === "true" || attribute.value === "false", {
            message: 'a boolean attribute\'s value must be "true" or "false"',
            path: ["value"],
          }),
      )
      .optional(),
    metaTitle: optionalText,
    metaDescription: optionalText,
    marketingLabel: z.string().trim().max(40, "must be at most 40 characters (a short label by the title)").optional(),
    plusContent: optionalText, // the Plus tab's text (rich text, sanitised like the description)
    topDescription: z.string().trim().max(200, "must be at most 200 characters").optional(), // what the top products list says of it
  })
  .strict();

/** The component types of a roof-window set, in the order the configurator asks for them (componentType). */
export const ROOF_WINDOW_COMPONENT_TYPES = ["window", "flashing", "blind", "accessories"] as const;
const sizeCode = z.string().regex(/^[A-Z0-9]{2,8}$/, "must be 2-8 upper-case letters or digits (a size code such as CK02)");

/**
 * A roof-window configuration (componentType, name, code, stepData): one step per
 * component, the window first. The window step's choices name their size; a choice of a
 * later step names the window sizes it fits (none: it fits every window). Only the
 * accessories step allows several choices.
 */
const roofWindowConfigurationSchema = z
  .array(
    z
      .object({
        componentType: z.enum(ROOF_WINDOW_COMPONENT_TYPES),
        code: identifier,
        name: translations(text),
        required: z.boolean().optional(), // default: true for the window, false for the others
        stepData: z
          .object({
            multiple: z.boolean().optional(),
            choices: z
              .array(z.object({ sku: id, size: sizeCode.optional(), fits: z.array(sizeCode).min(1).optional() }).strict())
              .min(1, "needs at least one choice")
              .max(40, "at most 40 choices per step"),
          })
          .strict(),
      })
      .strict(),
  )
  .min(2, "needs the window and at least one further step")
  .max(8, "at most 8 steps")
  .superRefine((steps, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (steps[0]?.componentType !== "window") issue([0, "componentType"], "the first step must be the window");
    const codes = new Set<string>();
    const sizes = new Set<string>();
    steps.forEach((step, s) => {
      if (codes.has(step.code)) issue([s, "code"], `step code '${step.code}' is used twice`);
      codes.add(step.code);
      if (s > 0 && step.componentType === "window") issue([s, "componentType"], "only the first step is the window");
      if (Object.keys(step.name).length === 0) issue([s, "name"], "needs a name in at least one language");
      if (step.stepData.multiple && step.componentType !== "accessories") issue([s, "stepData", "multiple"], "only accessories can be chosen several at once");
      const skus = new Set<string>();
      step.stepData.choices.forEach((choice, c) => {
        if (skus.has(choice.sku)) issue([s, "stepData", "choices", c, "sku"], `'${choice.sku}' is offered twice in this step`);
        skus.add(choice.sku);
        if (step.componentType === "window") {
          if (!choice.size) issue([s, "stepData", "choices", c, "size"], "a window needs its size");
          else if (sizes.has(choice.size)) issue([s, "stepData", "choices", c, "size"], `size '${choice.size}' is offered twice`);
          else sizes.add(choice.size);
          if (choice.fits) issue([s, "stepData", "choices", c, "fits"], "a window has a size, not a list of sizes it fits");
        } else if (choice.size) issue([s, "stepData", "choices", c, "size"], "only windows have a size; use fits");
      });
    });
    steps.forEach((step, s) => {
      if (step.componentType === "window") return;
      step.stepData.choices.forEach((choice, c) => {
        choice.fits?.forEach((size, f) => {
          if (!sizes.has(size)) issue([s, "stepData", "choices", c, "fits", f], `no window of size '${size}' in this configuration`);
        });
      });
    });
  });

const productRecordSchema = z
  .object({
    sku: id,
    parentSku: id.optional(), // variants name their configurable parent
    type: z.enum(["simple", "configurable", "variant"]),
    manufacturer: id.optional(),
    category: id, // primary category
    categories: z.array(id).optional(), // further categories
    shops: z.array(shopId).min(1, "needs at least one shop"), // ids of configured shops the product is sold in
    productSets: z // the products sold in a set with this one, in the order the page shows them (each variant its own)
      .array(id)
      .max(12, "at most 12 products in a set")
      .refine((skus) => new Set(skus).size === skus.length, "names a product twice")
      .optional(),
    ean: ean.optional(),
    unit,
    packageContent: z.number().finite().positive("must be more than 0"), // amount of `unit` in one package
    blendPercent: z.number().min(0, "must be 0 or more").max(50, "must be at most 50").optional(), // waste allowance for the calculator
    shippingGroup: z.enum(["parcel", "freight"]),
    isDecking: z.boolean().optional(),
    isExpress: z.boolean().optional(),
    isClearance: z.boolean().optional(),
    isPlus: z.boolean().optional(),
    isFreeShipping: z.boolean().optional(), // standard shipping at home is free for a cart of only such products
    topPosition: z.number().int().min(1, "must be 1 or more").max(100, "must be at most 100").optional(), // place among the top products
    isActive: z.boolean().optional(), // default true; false hides the product from every shop
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
    terraceConfEnabled: z.boolean().optional(), // a decking board the terrace planner offers (needs terrace.role board)
    terrace: terraceProductSchema.optional(), // what the terrace planner knows of the product (docs/decisions/0043)
    configurableAttributes: z
      .array(
        z
          .object({
            code: snakeCase,
            label: catalogueLabel,
            useImage: z.boolean().optional(), // the configurator shows the options as images (every option needs one)
            options: z.array(z.object({ value: text, label: catalogueLabel, image: url.optional() }).strict()).min(1),
          })
          .strict(),
      )
      .optional(),
    roofWindowConfiguration: roofWindowConfigurationSchema.optional(), // the steps of the roof-window configurator
    content: translations(productContentSchema),
    media: z
      .array(
        z
          .object({ kind: z.enum(["image", "video"]), url, alt: optionalText, poster: videoPoster.optional() })
          .strict()
          .refine((media) => media.kind === "video" || media.poster === undefined, { message: "only a video has a poster", path: ["poster"] }),
      )
      .optional(),
    downloads: translations(z.array(z.object({ title: text, url }).strict())).optional(),
    tutorials: translations(
      z.array(
        z
          .object({ title: text, content: optionalText, type: z.enum(["video", "text", "pdf"]), url: url.optional(), poster: videoPoster.optional() })
          .strict()
          .refine((tutorial) => tutorial.type === "video" || tutorial.poster === undefined, {
            message: "only a video tutorial has a poster",
            path: ["poster"],
          }),
      ),
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
    if (product.terraceConfEnabled && product.terrace?.role !== "board") {
      ctx.addIssue({
        code: "custom",
        path: ["terraceConfEnabled"],
        message: "only a decking board (terrace.role 'board') can be offered by the terrace planner",
      });
    }
    product.configurableAttributes?.forEach((attribute, a) => {
      attribute.options.forEach((option, o) => {
        if (attribute.useImage && !option.image) {
          ctx.addIssue({ code: "custom", path: ["configurableAttributes", a, "options", o, "image"], message: "needs an image (useImage is set)" });
        }
      });
    });
    if (product.roofWindowConfiguration && product.type !== "simple") {
      ctx.addIssue({
        code: "custom",
        path: ["roofWindowConfiguration"],
        message: `only simple products carry a roof-window configuration (type is '${product.type}')`,
      });
    }
    const seen = new Set<string>();
    product.shops.forEach((shop, index) => {
      if (seen.has(shop)) ctx.addIssue({ code: "custom", path: ["shops", index], message: `shop '${shop}' is listed twice` });
      seen.add(shop);
    });
  });

const priceRecordSchema = z
  .object({
    sku: id,
    shop: shopId,
    currency, // must be the configured shop's currency
    packagePrice: money, // major units, tax included
    unitPrice: money, // per unit of measure, tax included
    taxRate: taxRate.optional(), // default: the configured shop's tax rate
    validFrom: isoDateTime.optional(), // default: time of the import
  })
  .strict();

const cmsPageRecordSchema = z
  .object({
    shop: shopId,
    language,
    identifier, // URL slug: {identifier}.html
    pageType: z.enum(PAGE_TYPES).optional(),
    title: text,
    contentHeading: optionalText,
    content: optionalText,
    metaTitle: optionalText,
    metaDescription: optionalText,
    robots: z
      .string()
      .regex(/^(no)?index,\s?(no)?follow$/, "must be like 'index,follow' or 'noindex,nofollow'")
      .optional(),
    excludeFromSitemap: z.boolean().optional(),
    sidebar: z.object({ title: text, content: text }).strict().optional(), // beside the content (rich text)
    repeaters: z
      .array(z.object({ title: text, content: text }).strict()) // sections after the content (rich text)
      .max(20, "at most 20 sections")
      .optional(),
    manufacturers: z.array(id).max(24, "at most 24 manufacturers").optional(), // shown with their logos, linking their pages
    world: id.optional(), // the world (top category) the page belongs to
    newsletter: z.boolean().optional(), // the newsletter sign-up after the content
  })
  .strict();

const cmsBlockRecordSchema = z
  .object({
    shop: shopId,
    language,
    identifier: z.string().regex(/^[a-z0-9]+([-_][a-z0-9]+)*$/, "must be lower-case words of a-z and 0-9 joined by '-' or '_'"),
    content: z.string(),
  })
  .strict();

const seoLinkRecordSchema = z.object({ shop: shopId, language, position, label: text, url }).strict();

const reviewRecordSchema = z
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

/** The laying rules of a product family (domain/terrace FamilyRules), e.g. at most 50 cm between joists, 40 cm at 45 degrees. */
const terraceFamilyRecordSchema = z
  .object({
    family: identifier,
    maxJoistSpacingCm: z.object({ straight: centimetres(10, 150), diagonal: centimetres(10, 150) }).strict(),
    joistOverhangCm: centimetres(0, 50),
    supportSpacingCm: centimetres(10, 200),
    fastenersPerCrossing: z.number().int("must be a whole number").min(0, "must be 0 or more").max(10, "must be at most 10"),
  })
  .strict()
  .superRefine((rules, ctx) => {
    if (rules.maxJoistSpacingCm.diagonal > rules.maxJoistSpacingCm.straight) {
      ctx.addIssue({
        code: "custom",
        path: ["maxJoistSpacingCm", "diagonal"],
        message: `must not be more than maxJoistSpacingCm.straight (${rules.maxJoistSpacingCm.straight}): boards laid at an angle span further`,
      });
    }
  });

/** A substructure for the boards of a family: which products make it (domain/terrace TerraceSystem). */
const terraceSystemRecordSchema = z
  .object({
    id,
    family: identifier,
    kind: z.enum(["joists_pedestals", "joists_feet"], { errorMap: () => ({ message: "must be joists_pedestals or joists_feet" }) }),
    position: position.optional(),
    joistSku: id.optional(), // a product with terrace.role joist
    supportSku: id.optional(), // pedestal (joists_pedestals) or foot (joists_feet)
    fastenerSku: id.optional(), // clip or screw
    edgeSku: id.optional(), // edge board, for edgeBoards
    names: translations(text),
  })
  .strict()
  .superRefine((system, ctx) => {
    if (Object.keys(system.names).length === 0) ctx.addIssue({ code: "custom", path: ["names"], message: "needs a name in at least one language" });
  });

// ---------------------------------------------------------------- sales campaigns (docs/decisions/0048)

const slide = z.object({ title: text, url, image: url }).strict();

/**
 * A sales campaign of a shop in one language : the identifier is the
 * `{black-week}` of the carousel route; the dates decide when it shows (startsAt inclusive,
 * endsAt exclusive); the coupon must be a voucher code of the shop (vouchers table) and is
 * left out when the reduced prices need none.
 */
const campaignRecordSchema = z
  .object({
    shop: shopId,
    language,
    identifier,
    campaignName: text,
    campaignDescription: optionalText,
    campaignCoupon: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").optional(),
    startsAt: isoDateTime,
    endsAt: isoDateTime,
    isActive: z.boolean(),
    isArchived: z.boolean().optional(),
    navigationIsActive: z.boolean().optional(),
    filterIsActive: z.boolean().optional(),
    navigationBanner: z.object({ url, imageDesktop: url, imageMobile: url, text }).strict().optional(),
    start: z.object({ isActive: z.boolean(), url, imageDesktop: url, imageMobile: url }).strict(),
    hub: z
      .object({
        isActive: z.boolean(),
        identifier, // the shop's SALES page (cmsPages[].identifier) the hub shows on
        bigImage: z.object({ top: url, url, textLeft: text, textRight: text }).strict(),
        firstSlider: z.array(slide).max(24, "at most 24 slides"),
        secondSlider: z.array(slide).max(24, "at most 24 slides"),
      })
      .strict(),
  })
  .strict()
  .superRefine((campaign, ctx) => {
    if (Date.parse(campaign.endsAt) <= Date.parse(campaign.startsAt)) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: `must be after startsAt (${campaign.startsAt})` });
    }
    if (campaign.navigationIsActive && !campaign.navigationBanner) {
      ctx.addIssue({ code: "custom", path: ["navigationBanner"], message: "navigationIsActive needs a navigationBanner" });
    }
    if (campaign.isArchived && campaign.isActive) {
      ctx.addIssue({ code: "custom", path: ["isActive"], message: "an archived campaign cannot be active" });
    }
  });

/** The sections of a document, in the order they are checked and written. */
export const SECTION_SCHEMAS = {
  categories: categoryRecordSchema,
  manufacturers: manufacturerRecordSchema,
  products: productRecordSchema,
  prices: priceRecordSchema,
  cmsPages: cmsPageRecordSchema,
  cmsBlocks: cmsBlockRecordSchema,
  seoLinks: seoLinkRecordSchema,
  reviews: reviewRecordSchema,
  terraceFamilies: terraceFamilyRecordSchema,
  terraceSystems: terraceSystemRecordSchema,
  campaigns: campaignRecordSchema,
} as const;

export type Section = keyof typeof SECTION_SCHEMAS;
export const SECTIONS = Object.keys(SECTION_SCHEMAS) as Section[];
export type RecordOf<S extends Section> = z.infer<(typeof SECTION_SCHEMAS)[S]>;

export type CategoryRecord = RecordOf<"categories">;
export type ManufacturerRecord = RecordOf<"manufacturers">;
export type ProductRecord = RecordOf<"products">;
export type PriceRecord = RecordOf<"prices">;
export type CmsPageRecord = RecordOf<"cmsPages">;
export type CmsBlockRecord = RecordOf<"cmsBlocks">;
export type SeoLinkRecord = RecordOf<"seoLinks">;
export type ReviewRecord = RecordOf<"reviews">;
export type TerraceFamilyRecord = RecordOf<"terraceFamilies">;
export type TerraceSystemRecord = RecordOf<"terraceSystems">;
export type CampaignRecord = RecordOf<"campaigns">;

export type CatalogueDocument = { [S in Section]?: RecordOf<S>[] };

export type { ImportFormat, ImportProblem };

export type ImportResult =
  /** changeId: the rebuild request written with the import (docs/decisions/0032), null when the import concerns no shop. */
  { ok: true; importId: number; changeId: number | null; changedSkus: string[]; counts: Record<string, number> } | { ok: false; problems: ImportProblem[] };
