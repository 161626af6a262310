/**
 * The product configurators' calls (worker/shop-api/commerce/configurators.ts):
 * the configurator answer, the configuration cart add (form data) and the
 * roof-window set into the cart. Cart answers update the shared cart (mini-cart counter).
 */
import { mutate } from "swr";
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from "@site/lib/idempotency";
import type { CartAddAnswer } from "@domain/api/cart";
import type { ConfiguratorAnswer, RoofWindowCartRequest, RoofWindowChoices, RoofWindowStepView } from "@domain/api/configurators";
import { apiCall, type ApiResult } from "@site/api/client";

const CART_PATH = "/apiv2/cart";

export const configuratorPath = (sku: string) => `/apiv2/product-configurator/configurator/${encodeURIComponent(sku)}`;

export function loadConfigurator(sku: string): Promise<ApiResult<ConfiguratorAnswer>> {
  return apiCall<ConfiguratorAnswer>("GET", configuratorPath(sku));
}

async function intoCart<T>(result: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const answer = await result;
  if (answer.ok) await mutate(CART_PATH, answer.data, { revalidate: false });
  return answer;
}

/** POST /configuration/cart/add (served under /apiv2): form_key, product, related_product (optional), the chosen option pairs, qty. */
export function configurationCartAdd(input: { formKey: string; product: string; relatedProduct?: string; options: Record<string, string>; quantity: number }) {
  const form = new FormData();
  form.set("form_key", input.formKey);
  form.set("product", input.product);
  if (input.relatedProduct) form.set("related_product", input.relatedProduct);
  for (const [code, value] of Object.entries(input.options)) form.set(`super_attribute[${code}]`, value);
  form.set("qty", String(input.quantity));
  return intoCart(apiCall<CartAddAnswer>("POST", "/apiv2/configuration/cart/add", form, { [IDEMPOTENCY_HEADER]: newIdempotencyKey() }));
}

/** POST /apiv2/configuration/roof-window/cart: the set, one line per component. */
export function roofWindowCartAdd(sku: string, quantity: number, choices: RoofWindowChoices) {
  const body: RoofWindowCartRequest = { sku, quantity, choices };
  return intoCart(apiCall<CartAddAnswer>("POST", "/apiv2/configuration/roof-window/cart", body, { [IDEMPOTENCY_HEADER]: newIdempotencyKey() }));
}

/** The chosen variant of a configurable product: the one whose options all match, or null ('selected configuration not available'). */
export function chosenVariant(answer: ConfiguratorAnswer, chosen: Record<string, string>): ConfiguratorAnswer["variants"][number] | null {
  if (answer.configurableAttributes.some((attribute) => !chosen[attribute.code])) return null;
  return answer.variants.find((variant) => Object.entries(variant.options).every(([code, value]) => chosen[code] === value)) ?? null;
}

/** The choices of a step that fit the chosen window size (all when no window is chosen yet, or the choice fits every size). */
export function fittingChoices(step: RoofWindowStepView, size: string | null): RoofWindowStepView["choices"] {
  if (step.componentType === "window") return step.choices;
  return step.choices.filter((choice) => !choice.fits || (size !== null && choice.fits.includes(size)));
}
