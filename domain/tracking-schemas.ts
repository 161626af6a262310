import { z } from "zod";
import { ECOMMERCE_EVENTS, FRONTEND_TYPE, INTERFACE_TOGGLES, MAX_EVENT_ITEMS } from "./tracking";

/**
 * The schemas every tracked event must meet: GA4's e-commerce shape (a currency
 * with every value, at most 200 items, decimal prices that are finite and not negative) and the
 * spec's interaction event. Used by the tests; the pages build events with
 * site/src/lib/tracking/ and never load zod for it.
 */
const amount = z.number().finite().nonnegative();
const currency = z.string().regex(/^[A-Z]{3}$/);

export const trackedItemSchema = z
  .object({
    item_id: z.string().min(1).max(100),
    item_name: z.string().min(1).max(200),
    price: amount,
    quantity: z.number().int().min(1),
    index: z.number().int().nonnegative().optional(),
    item_brand: z.string().min(1).optional(),
    item_category: z.string().min(1).optional(),
    item_list_id: z.string().min(1).optional(),
    item_list_name: z.string().min(1).optional(),
  })
  .strict();

const items = z.array(trackedItemSchema).max(MAX_EVENT_ITEMS);
const withValue = { currency, value: amount, items: items.min(1) };
const list = { item_list_id: z.string().min(1), item_list_name: z.string().min(1) };

const ecommerceByEvent = {
  view_item_list: z.object({ ...list, items }).strict(),
  select_item: z.object({ ...list, items: items.length(1) }).strict(),
  view_item: z.object(withValue).strict(),
  add_to_cart: z.object(withValue).strict(),
  remove_from_cart: z.object(withValue).strict(),
  begin_checkout: z.object({ ...withValue, coupon: z.string().min(1).optional() }).strict(),
  add_shipping_info: z.object({ ...withValue, shipping_tier: z.string().min(1) }).strict(),
  add_payment_info: z.object({ ...withValue, payment_type: z.string().min(1) }).strict(),
  purchase: z.object({ ...withValue, transaction_id: z.string().min(1), tax: amount, shipping: amount, coupon: z.string().min(1).optional() }).strict(),
} satisfies Record<(typeof ECOMMERCE_EVENTS)[number], z.ZodTypeAny>;

export const ecommerceEventSchema = z.discriminatedUnion(
  "event",
  ECOMMERCE_EVENTS.map((event) => z.object({ event: z.literal(event), ecommerce: ecommerceByEvent[event] }).strict()) as unknown as [
    z.ZodDiscriminatedUnionOption<"event">,
    ...z.ZodDiscriminatedUnionOption<"event">[],
  ],
);

export const interactionEventSchema = z
  .object({
    event: z.literal("interaction"),
    category: z.string().min(1).max(100),
    action: z.string().min(1).max(100),
    label: z.string().max(500).nullable(),
    value: z.number().finite().nullable(),
    extraData: z.record(z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
    frontendType: z.literal(FRONTEND_TYPE),
  })
  .strict();

/** A visibility toggle as the storefront's event: category `interface`, action open or close, label the toggle. */
export const visibilityEventSchema = interactionEventSchema.extend({
  category: z.literal("interface"),
  action: z.enum(["open", "close"]),
  label: z.enum(INTERFACE_TOGGLES),
});

/** What the pages push before each e-commerce event (GA4: clears the previous event's ecommerce object). */
export const ecommerceResetSchema = z.object({ ecommerce: z.null() }).strict();
