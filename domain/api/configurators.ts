/**
 * The product configurators on the wire (docs/decisions/0044):
 *
 *   GET /apiv2/product-configurator/configurator/{sku}                       ConfiguratorAnswer
 *   POST /apiv2/configuration/roof-window/cart  RoofWindowCartRequest        CartAddAnswer (domain/api/cart.ts)
 *   POST /apiv2/configuration/cart/add          form data                    CartAddAnswer
 *   PUT /apiv2/configuration/store/1/{configurationId}/product/{productId}   StoredConfigurationAnswer
 */
import type { MoneyValue } from "../money";

/** Why a product the configurator offers cannot be bought now. */
export type OfferedUnavailable = "unknown_product" | "end_of_life" | "out_of_stock";

/** What the configurator shows of a product it offers (a variant or a component). */
export interface OfferedProduct {
  sku: string;
  title: string;
  description: string;
  image: { src: string; alt: string } | null;
  price: MoneyValue | null;
  /** Why it cannot be bought now, else null. */
  unavailable: OfferedUnavailable | null;
}

export interface ConfiguratorAttribute {
  id: number;
  code: string;
  label: string;
  useImage: boolean;
  options: { value: string; label: string; image: string | null }[];
}

/** The kind of component a roof-window step offers. */
export type RoofWindowComponentType = "window" | "flashing" | "blind" | "accessories";

export interface RoofWindowStepView {
  componentType: RoofWindowComponentType;
  code: string;
  name: string;
  required: boolean;
  multiple: boolean;
  choices: (OfferedProduct & { size: string | null; fits: string[] | null })[];
}

/** A configurable product's attributes and variants, or a roof window's steps. */
export interface ConfiguratorAnswer {
  sku: string;
  name: string;
  configurableAttributes: ConfiguratorAttribute[];
  variants: (OfferedProduct & { options: Record<string, string> })[];
  roofWindow: { steps: RoofWindowStepView[] } | null;
}

/** The choices of a roof-window configuration: step code -> one SKU, or a list where the step allows several. */
export type RoofWindowChoices = Record<string, string | string[]>;

/** The body of `POST /apiv2/configuration/roof-window/cart`. */
export interface RoofWindowCartRequest {
  sku: string;
  quantity?: number;
  choices: RoofWindowChoices;
}

/** The body of the configuration store call. */
export interface StoreConfigurationRequest {
  input: { options?: Record<string, string>; choices?: RoofWindowChoices; quantity?: number };
}

/** A component of a roof-window set: its step and SKU. */
export interface SetComponent {
  code: string;
  componentType: RoofWindowComponentType;
  sku: string;
}

/** The stored configuration with what it resolves to: the variant, or the set's components. */
export interface StoredConfigurationAnswer {
  configurationId: string;
  productId: string;
  input: unknown;
  createdAt: string;
  updatedAt: string;
  variantSku: string | null;
  components: SetComponent[] | null;
}

/** The refusals of the configurator calls besides the core codes (and the cart's, for the cart adds). */
export type ConfiguratorRefusalCode =
  | "unknown_product"
  | "configuration_unavailable"
  | "unknown_step"
  | "step_required"
  | "one_choice"
  | "not_in_step"
  | "does_not_fit"
  | "too_many_configurations";
