/**
 * The product configurators (docs/decisions/0044):
 *
 * - GET /apiv2/product-configurator/configurator/{sku}: a configurable product's attributes
 *   (with option images where `useImage`) and its variants as the page shows them when chosen
 *   (title, description, first image, price, whether it can be bought); a roof-window
 *   product's steps (componentType, name, code, stepData) with their choices.
 * - POST /apiv2/configuration/roof-window/cart {sku, quantity, choices}: a roof window with
 *   its components into the cart as a set: one line per component, grouped by the set's id
 *   in the lines' options (cart.ts SET_OPTION_KEYS).
 * - PUT /apiv2/configuration/store/1/{configurationId}/product/{productId} {input}: stores the
 *   visitor's configuration of a product after checking it against the product.
 */
import { z } from "zod";
import type { CartAddAnswer } from "@domain/api/cart";
import type {
  ConfiguratorAnswer,
  ConfiguratorRefusalCode,
  OfferedProduct,
  RoofWindowCartRequest,
  SetComponent,
  StoreConfigurationRequest,
  StoredConfigurationAnswer,
} from "@domain/api/configurators";
import { labelIn } from "@domain/catalogue-label";
import { money } from "@domain/money";
import { randomBase32 } from "@domain/random-ids";
import { isQuantity } from "@domain/quantity";
import { jsonList } from "@worker/lib/json";
import { sql } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { fail, invalid, MESSAGES, notFound } from "../core/envelope";
import { runGuardedBatch } from "../core/guarded-batch";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import {
  configurationLimitCheck,
  roofWindowStepOf,
  selectConfiguration,
  selectRoofWindowSteps,
  storedConfigurationOf,
  upsertConfiguration,
  type ProductConfigurationRow,
  type RoofWindowComponentRow,
  type RoofWindowStep,
} from "../tables/product-configurations";
import { listedIn, mainImage, productTitle } from "../tables/products";
import { addLines, resolveConfiguration, SET_OPTION_KEYS, type LineRequest } from "./cart";
import { childProducts, findProduct, isListed, variantAt, type CommerceProduct } from "./products";

/** How many configurations one visitor may store in a shop. */
export const MAX_STORED_CONFIGURATIONS = 50;
/** The most sets of one roof-window configuration in one cart add. */
export const MAX_SETS = 99;

export const CONFIGURATOR_MESSAGES = {
  stepRequired: "Please choose a {step}.",
  notInStep: "This choice is not offered in this step.",
  doesNotFit: "This component does not fit the chosen window.",
  oneChoice: "Only one choice is possible in this step.",
  unknownStep: "This step is not part of the configuration.",
  tooMany: `At most ${MAX_STORED_CONFIGURATIONS} configurations can be stored.`,
} as const;

/** A product the configurator offers as read, its image a path (the answer adds its alt text). */
type OfferedRead = Omit<OfferedProduct, "image"> & { image: string | null };

interface OfferedRow {
  sku: string;
  title: string;
  description: string | null;
  image: string | null;
  package_price: number | null;
  listed: number;
  reached_eol: number;
  stock_qty: number;
}

/** The products of `skus` as the configurator shows them in the shop and language (unknown SKUs are left out). */
async function offeredProducts(ctx: ShopContext, skus: readonly string[]): Promise<Map<string, OfferedRead>> {
  if (skus.length === 0) return new Map();
  const { results } = await sql`SELECT p.sku, ${productTitle(ctx.language)} AS title,
      COALESCE((SELECT description FROM product_content WHERE sku = p.sku AND language = ${ctx.language}),
        (SELECT description FROM product_content WHERE sku = p.sku AND language = 'de')) AS description,
      ${mainImage()} AS image, pr.package_price, ${listedIn(ctx.shop.id)} AS listed, p.reached_eol, p.stock_qty
    FROM products p LEFT JOIN prices pr ON pr.sku = p.sku AND pr.shop_id = ${ctx.shop.id}
    WHERE p.sku IN ${jsonList([...new Set(skus)])}`
    .prepare(ctx.db)
    .all<OfferedRow>();
  return new Map(
    results.map((row) => [
      row.sku,
      {
        sku: row.sku,
        title: row.title,
        description: row.description ?? "",
        image: row.image,
        price: row.package_price === null ? null : money(row.package_price, ctx.shop.currency, ctx.language),
        unavailable:
          !row.listed || row.package_price === null ? "unknown_product" : row.reached_eol ? "end_of_life" : row.stock_qty <= 0 ? "out_of_stock" : null,
      },
    ]),
  );
}

export async function roofWindowSteps(ctx: ShopContext, sku: string): Promise<RoofWindowStep[]> {
  const { results } = await selectRoofWindowSteps(sku).prepare(ctx.db).all<RoofWindowComponentRow>();
  return results.map((row) => roofWindowStepOf(row, ctx.language));
}

/** A path parameter decoded; a malformed escape names nothing (404). */
function pathParam(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? "");
  } catch {
    throw fail(404, MESSAGES.unknownProduct, "unknown_product" satisfies ConfiguratorRefusalCode);
  }
}

/** GET /apiv2/product-configurator/configurator/{sku}: see the module comment. Unknown: 404; nothing to configure: 422 configuration_unavailable. */
export async function productConfigurator(ctx: ShopContext, params: Params): Promise<Reply<ConfiguratorAnswer>> {
  const product = await findProduct(ctx, pathParam(params.sku));
  if (!isListed(product)) throw fail(404, MESSAGES.unknownProduct, "unknown_product" satisfies ConfiguratorRefusalCode);
  const attributes = product.type === "configurable" ? product.configurableAttributes : [];
  const steps = product.type === "simple" ? await roofWindowSteps(ctx, product.sku) : [];
  if (attributes.length === 0 && steps.length === 0)
    throw fail(422, MESSAGES.configurationUnavailable, "configuration_unavailable" satisfies ConfiguratorRefusalCode);

  const children = attributes.length > 0 ? await childProducts(ctx, product.sku) : [];
  const first = attributes[0];
  const variantSkus = (first?.options ?? []).map((option, index) => ({ option, variant: variantAt(product.sku, children, index) }));
  const offered = await offeredProducts(ctx, [
    ...variantSkus.flatMap(({ variant }) => (variant ? [variant.sku] : [])),
    ...steps.flatMap((step) => step.stepData.choices.map((choice) => choice.sku)),
  ]);
  const shown = (sku: string) => {
    const item = offered.get(sku);
    return item ? { ...item, image: item.image ? { src: item.image, alt: item.title } : null } : null;
  };
  return reply({
    sku: product.sku,
    name: product.title,
    configurableAttributes: attributes.map((a, i) => ({
      id: i + 1,
      code: a.code,
      label: labelIn(a.label, ctx.language),
      useImage: a.useImage === true,
      options: a.options.map((option) => ({ value: option.value, label: labelIn(option.label, ctx.language), image: option.image ?? null })),
    })),
    // Each variant stands for an option of the first attribute (cart.ts resolveConfiguration): the option missing here has none.
    variants: variantSkus.flatMap(({ option, variant }) => {
      const item = variant ? shown(variant.sku) : null;
      return item && first ? [{ ...item, options: { [first.code]: option.value } }] : [];
    }),
    roofWindow:
      steps.length === 0
        ? null
        : {
            steps: steps.map((step) => ({
              componentType: step.componentType,
              code: step.code,
              name: step.name,
              required: step.required,
              multiple: step.stepData.multiple,
              choices: step.stepData.choices.flatMap((choice) => {
                const item = shown(choice.sku);
                return item ? [{ ...item, size: choice.size ?? null, fits: choice.fits ?? null }] : [];
              }),
            })),
          },
  });
}

// ---------------------------------------------------------------- roof-window sets

/** The choices of a roof-window configuration: step code -> one SKU, or a list where the step allows several. */
const choicesSchema = z
  .record(
    z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Not a step code")
      .max(64),
    z.union([z.string().max(64), z.array(z.string().max(64)).max(40)]),
  )
  .refine((choices) => Object.keys(choices).length <= 8, "Too many steps");

/**
 * Checks choices against the product's steps: every step is one of them, a required step is
 * chosen, every SKU is offered in its step, one choice per step unless the step allows
 * several, and every component fits the chosen window's size. Answers the components in step order.
 */
export function resolveRoofWindowSet(steps: readonly RoofWindowStep[], choices: Record<string, string | string[]>, field: string): SetComponent[] {
  const known = new Set(steps.map((step) => step.code));
  for (const code of Object.keys(choices))
    if (!known.has(code)) throw invalid(`${field}.${code}`, CONFIGURATOR_MESSAGES.unknownStep, "unknown_step" satisfies ConfiguratorRefusalCode);
  const window = steps[0]!;
  const components: SetComponent[] = [];
  let size: string | undefined;
  for (const step of steps) {
    const raw = choices[step.code];
    const skus = raw === undefined || raw === "" ? [] : Array.isArray(raw) ? raw : [raw];
    const stepField = `${field}.${step.code}`;
    if (skus.length === 0) {
      if (step.required || step === window)
        throw invalid(stepField, CONFIGURATOR_MESSAGES.stepRequired.replace("{step}", step.name), "step_required" satisfies ConfiguratorRefusalCode, {
          step: step.code,
        });
      continue;
    }
    if (skus.length > 1 && !step.stepData.multiple) throw invalid(stepField, CONFIGURATOR_MESSAGES.oneChoice, "one_choice" satisfies ConfiguratorRefusalCode);
    if (new Set(skus).size !== skus.length) throw invalid(stepField, CONFIGURATOR_MESSAGES.notInStep, "not_in_step" satisfies ConfiguratorRefusalCode);
    for (const sku of skus) {
      const choice = step.stepData.choices.find((candidate) => candidate.sku === sku);
      if (!choice) throw invalid(stepField, CONFIGURATOR_MESSAGES.notInStep, "not_in_step" satisfies ConfiguratorRefusalCode);
      if (step === window) size = choice.size;
      else if (choice.fits && (!size || !choice.fits.includes(size)))
        throw invalid(stepField, CONFIGURATOR_MESSAGES.doesNotFit, "does_not_fit" satisfies ConfiguratorRefusalCode);
      components.push({ code: step.code, componentType: step.componentType, sku });
    }
  }
  return components;
}

const setQuantitySchema = z
  .number({ invalid_type_error: `Expected a whole number from 1 to ${MAX_SETS}` })
  .refine((value) => isQuantity(value) && value <= MAX_SETS, `Expected a whole number from 1 to ${MAX_SETS}`);
const skuSchema = z
  .string({ invalid_type_error: "Expected a string" })
  .trim()
  .min(1, MESSAGES.required)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, "Not a valid SKU");

/** The body of the roof-window cart add: what it takes is the contract's request. */
const roofWindowCartSchema = z.object({ sku: skuSchema, quantity: setQuantitySchema.default(1), choices: choicesSchema }).strict() satisfies z.ZodType<
  unknown,
  z.ZodTypeDef,
  RoofWindowCartRequest
>;

/** The product whose roof-window configuration is meant, with its steps; 404 unknown, 422 when it has none. */
async function roofWindowProduct(ctx: ShopContext, sku: string): Promise<{ product: CommerceProduct; steps: RoofWindowStep[] }> {
  const product = await findProduct(ctx, sku);
  if (!isListed(product)) throw fail(404, MESSAGES.unknownProduct, "unknown_product" satisfies ConfiguratorRefusalCode, { field: "sku" });
  const steps = product.type === "simple" ? await roofWindowSteps(ctx, product.sku) : [];
  if (steps.length === 0) throw invalid("sku", MESSAGES.configurationUnavailable, "configuration_unavailable" satisfies ConfiguratorRefusalCode);
  return { product, steps };
}

/** The cart lines of a set: one per component, each carrying the set's id, the configured product and its step. */
export function setLines(setId: string, sku: string, components: readonly SetComponent[], quantity: number, field: string): LineRequest[] {
  return components.map((component) => ({
    sku: component.sku,
    quantity,
    options: { [SET_OPTION_KEYS.id]: setId, [SET_OPTION_KEYS.sku]: sku, [SET_OPTION_KEYS.component]: component.code },
    field: `${field}.${component.code}`,
  }));
}

/** POST /apiv2/configuration/roof-window/cart {sku, quantity, choices}: the set into the cart (all lines or none) -> the cart view. */
export async function roofWindowCartAdd(ctx: VisitorContext): Promise<Reply<CartAddAnswer>> {
  const body = validate(roofWindowCartSchema, await readJson(ctx.request));
  const { product, steps } = await roofWindowProduct(ctx, body.sku);
  const components = resolveRoofWindowSet(steps, body.choices, "choices");
  // A new set each time: the same configuration added twice is two sets (a replayed request is answered by its Idempotency-Key).
  return addLines(ctx, setLines(randomBase32(10), product.sku, components, body.quantity, "choices"));
}

// ---------------------------------------------------------------- stored configurations

const CONFIGURATION_ID = /^[A-Za-z0-9_-]{8,64}$/;

const storeSchema = z
  .object({
    input: z
      .object({
        options: z
          .record(z.string().max(64), z.string().max(128))
          .refine((o) => Object.keys(o).length <= 20, "Too many options")
          .optional(),
        choices: choicesSchema.optional(),
        quantity: setQuantitySchema.default(1),
      })
      .strict(),
  })
  .strict() satisfies z.ZodType<unknown, z.ZodTypeDef, StoreConfigurationRequest>;

/**
 * PUT /apiv2/configuration/store/1/{configurationId}/product/{productId} {input}: the visitor's
 * configuration of a product, checked as the cart would take it (a configurable product's
 * options must name a variant; a roof window's choices its steps). Storing the same input again
 * changes nothing (updated_at stays); another input replaces it. -> the stored configuration with
 * what it resolves to (the variant, or the set's components).
 */
export async function storeConfiguration(ctx: VisitorContext, params: Params): Promise<Reply<StoredConfigurationAnswer>> {
  const configurationId = params.configurationId ?? "";
  if (!CONFIGURATION_ID.test(configurationId)) throw invalid("configurationId", "Expected 8 to 64 letters, digits, '_' or '-'", "invalid");
  const sku = pathParam(params.productId);
  const { input } = validate(storeSchema, await readJson(ctx.request));
  const product = await findProduct(ctx, sku);
  if (!isListed(product)) throw fail(404, MESSAGES.unknownProduct, "unknown_product" satisfies ConfiguratorRefusalCode, { field: "productId" });

  let stored: { options?: Record<string, string>; choices?: Record<string, string | string[]>; quantity: number };
  let resolved: { variantSku: string | null; components: SetComponent[] | null };
  if (product.type === "configurable") {
    if (input.choices) throw invalid("input.choices", MESSAGES.configurationUnavailable, "configuration_unavailable" satisfies ConfiguratorRefusalCode);
    const chosen = await resolveConfiguration(ctx, product, input.options ?? {}, "input.options");
    if (chosen.product.sku === product.sku)
      throw invalid("input.options", MESSAGES.configurationUnavailable, "configuration_unavailable" satisfies ConfiguratorRefusalCode);
    stored = { options: chosen.options, quantity: input.quantity };
    resolved = { variantSku: chosen.product.sku, components: null };
  } else {
    const steps = product.type === "simple" ? await roofWindowSteps(ctx, product.sku) : [];
    if (steps.length === 0 || input.options)
      throw invalid("productId", MESSAGES.configurationUnavailable, "configuration_unavailable" satisfies ConfiguratorRefusalCode);
    const components = resolveRoofWindowSet(steps, input.choices ?? {}, "input.choices");
    const choices: Record<string, string | string[]> = {};
    for (const step of steps) {
      const skus = components.filter((c) => c.code === step.code).map((c) => c.sku);
      if (skus.length > 0) choices[step.code] = step.stepData.multiple ? skus : skus[0]!;
    }
    stored = { choices, quantity: input.quantity };
    resolved = { variantSku: null, components };
  }

  const shop = ctx.shop.id;
  const outcome = await runGuardedBatch<{ refusal: string | null }>(ctx, (visitorId, holds) => ({
    checks: [configurationLimitCheck(visitorId, shop, configurationId, product.sku, MAX_STORED_CONFIGURATIONS)],
    writes: [upsertConfiguration(visitorId, shop, configurationId, product.sku, JSON.stringify(stored), ctx.now, holds)],
    reads: [selectConfiguration(visitorId, shop, configurationId, product.sku)],
  }));
  if (outcome.refusal)
    throw fail(422, CONFIGURATOR_MESSAGES.tooMany, "too_many_configurations" satisfies ConfiguratorRefusalCode, { params: { max: MAX_STORED_CONFIGURATIONS } });
  const row = outcome.reads[0]!.results[0] as ProductConfigurationRow | undefined;
  if (!row) throw notFound();
  return reply({ ...storedConfigurationOf(row), ...resolved });
}
