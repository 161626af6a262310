import type { ProductData } from "./page-data";

/**
 * Configurations on the product page ("choosing a configuration replaces
 * description, title, sku and first image"). The GraphQL layer describes a configurable
 * product by its configurable attributes (code, label, options) and its child products;
 * it has no separate configuration entity, so a configuration is the variant chosen
 * through an option of the configurable attribute.
 *
 * An option belongs to the variant whose attribute with the same code has the option's
 * value (or label); options that no attribute names are matched in order to the
 * remaining variants (the catalogue lists options in the order of its variants). An
 * option without a variant is not offered ("selected configuration not available").
 */
export interface ConfigurableAttribute {
  code: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface ConfigurationOption {
  value: string;
  label: string;
  sku: string;
}

/** What options are matched on: a variant's SKU and its attributes' codes and values. */
interface VariantLike {
  sku: string;
  attributes: readonly { code: string; value: string }[];
}

const normalise = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

export function configurationOptions(attribute: ConfigurableAttribute | undefined, variants: readonly VariantLike[]): ConfigurationOption[] {
  if (!attribute || variants.length === 0) return [];
  const taken = new Set<string>();
  const matched = attribute.options.map((option) => {
    const wanted = new Set([normalise(option.value), normalise(option.label)]);
    const variant = variants.find(
      (candidate) => !taken.has(candidate.sku) && candidate.attributes.some((item) => item.code === attribute.code && wanted.has(normalise(item.value))),
    );
    if (variant) taken.add(variant.sku);
    return { option, sku: variant?.sku ?? null };
  });
  const rest = variants.filter((variant) => !taken.has(variant.sku));
  return matched
    .map(({ option, sku }) => {
      const chosen = sku ?? rest.shift()?.sku ?? null;
      return chosen ? { value: option.value, label: option.label, sku: chosen } : null;
    })
    .filter((option): option is ConfigurationOption => option !== null);
}

/**
 * A variant of the page's family as the product page carries it (docs/decisions/0055): its
 * SKU, its own page and the attributes' codes and values the options are matched on. What the
 * page shows of a chosen variant is loaded from that variant's page (lib/variant-page.ts).
 */
export interface VariantChoice extends VariantLike {
  path: string;
}

/**
 * The codes and values of a product's attributes that its family's configurable attributes
 * name, the only ones options are matched on (the build resolves them as the
 * `variantAttributes(family:)` field, site/sourcing/shop-products.ts).
 */
export function variantAttributes(
  product: Pick<ProductData, "content">,
  configurable: readonly Pick<ConfigurableAttribute, "code">[],
): VariantChoice["attributes"] {
  const codes = new Set(configurable.map((attribute) => attribute.code));
  return product.content.attributes.filter((attribute) => codes.has(attribute.code)).map((attribute) => ({ code: attribute.code, value: attribute.value }));
}

/**
 * The product as shown with a variant chosen: the variant's own data, as the variant's own page
 * shows it (choosing a variant replaces price, content and media). Everything the cart
 * line and the calculator are made of (SKU, price, pack content, unit, waste allowance, minimum
 * order quantity, stock, delivery, shipping group) belongs to the SKU that goes into the cart,
 * so none of it may stay the page's. The page keeps its further images (the variant's first
 * image replaces the page's first) and its family's reviews.
 */
export function applyConfiguration(base: ProductData, variant: ProductData | null | undefined): ProductData {
  if (!variant || variant.sku === base.sku) return base;
  const variantImage = variant.media.find((media) => media.kind === "image");
  const firstImage = base.media.findIndex((media) => media.kind === "image");
  const media = variantImage
    ? firstImage >= 0
      ? base.media.map((media, index) => (index === firstImage ? variantImage : media))
      : [variantImage, ...base.media]
    : base.media;
  return { ...variant, media, reviewSummary: base.reviewSummary };
}

/** What the product configurator's chosen variant shows (features/configurator): title, SKU, description, first image. */
export interface ConfiguratorChoice {
  sku: string;
  title: string;
  description: string;
  image: { src: string; alt: string } | null;
}

/** The configuration replaces description, title, SKU and first image of the page; the rest stays. */
export function applyConfiguratorChoice(base: ProductData, choice: ConfiguratorChoice | null): ProductData {
  if (!choice || choice.sku === base.sku) return base;
  const firstImage = base.media.findIndex((media) => media.kind === "image");
  const image = choice.image ? { kind: "image", url: choice.image.src, alt: choice.image.alt, poster: null } : null;
  const media = image ? (firstImage >= 0 ? base.media.map((media, index) => (index === firstImage ? image : media)) : [image, ...base.media]) : base.media;
  return { ...base, sku: choice.sku, content: { ...base.content, title: choice.title, description: choice.description || base.content.description }, media };
}

/**
 * Why the product page does not send an add for what it shows (the cart would refuse it, SPEC
 * 8 "selected configuration not available"): `choose` a product sold only as one of its
 * variants (a configurable product with options) with none chosen yet; `loading` a chosen
 * variant whose data has not arrived (the page still shows another SKU); `unavailable` a chosen
 * variant whose page is gone; `outOfStock` a product (or chosen variant) out of stock or at its
 * end of life. Null: the add is sent; the cart's own refusals stay the server-side guard.
 */
export type AddBlock = "choose" | "loading" | "unavailable" | "outOfStock" | null;

export function addBlock(state: {
  /** The product the page shows (with a chosen variant applied). */
  product: Pick<ProductData, "sku" | "type" | "isOutOfStock" | "reachedEOF">;
  /** The SKU of the option chosen (the page's own SKU when none is). */
  selectedSku: string;
  /** Whether the page offers options to choose from. */
  hasOptions: boolean;
  /** The chosen variant's page is gone. */
  unavailable: boolean;
}): AddBlock {
  const { product, selectedSku, hasOptions, unavailable } = state;
  if (unavailable) return "unavailable";
  if (product.sku !== selectedSku) return "loading";
  if (hasOptions && product.type === "configurable") return "choose";
  if (product.isOutOfStock || product.reachedEOF) return "outOfStock";
  return null;
}
