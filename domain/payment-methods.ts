/**
 * Payment methods and the one rule which of them a shop offers, used by
 * the checkout (the quote's `paymentMethods`, placing the order) and by the pages' build
 * (the footer's payment badges): the offline methods the shop lists, always; an online
 * method it lists only when one of its payment providers takes it (config
 * `paymentProviders`), the first such provider deciding. The shop API also asks whether that
 * provider is usable now (its adapter and secrets); the build knows only the config.
 */
export const OFFLINE_PAYMENT_METHODS = ["prepayment", "invoice", "cash_on_delivery"] as const;
export const ONLINE_PAYMENT_METHODS = ["paypal", "card", "klarna", "sepa", "amazon_pay", "instant_transfer", "instalment", "twint"] as const;
export const PAYMENT_METHODS = [...OFFLINE_PAYMENT_METHODS, ...ONLINE_PAYMENT_METHODS] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/**
 * The storefront's order of the payment methods (the checkout and the footer show a shop's in
 * this order): PayPal, card (Visa, Mastercard), Klarna, SEPA, instant bank transfer, Amazon Pay,
 * prepayment, invoice, instalment purchase (Klarna's), cash on delivery, TWINT. A shop's config
 * lists its methods in it.
 */
export const PAYMENT_METHOD_ORDER: readonly PaymentMethod[] = [
  "paypal",
  "card",
  "klarna",
  "sepa",
  "instant_transfer",
  "amazon_pay",
  "prepayment",
  "invoice",
  "instalment",
  "cash_on_delivery",
  "twint",
];

/**
 * The local instant bank transfer schemes, by the buyer's country: what "instant bank transfer"
 * is in a shop (the payment provider's method and the mark the checkout and the footer show).
 */
export const INSTANT_TRANSFER_SCHEMES = { nl: "ideal", at: "eps", be: "bancontact" } as const;
export type InstantTransferScheme = (typeof INSTANT_TRANSFER_SCHEMES)[keyof typeof INSTANT_TRANSFER_SCHEMES];

/** The instant transfer schemes of the countries a shop delivers to, each once, in the order of the countries. */
export function instantTransferSchemes(countries: readonly string[]): InstantTransferScheme[] {
  const schemes = countries.flatMap((country) =>
    Object.hasOwn(INSTANT_TRANSFER_SCHEMES, country) ? [INSTANT_TRANSFER_SCHEMES[country as keyof typeof INSTANT_TRANSFER_SCHEMES]] : [],
  );
  return [...new Set(schemes)];
}

/** True when `methods` follow the storefront's order. */
export const inStorefrontOrder = (methods: readonly PaymentMethod[]): boolean =>
  methods.every((method, index) => index === 0 || PAYMENT_METHOD_ORDER.indexOf(methods[index - 1]!) < PAYMENT_METHOD_ORDER.indexOf(method));

export const isOfflineMethod = (method: string): boolean => (OFFLINE_PAYMENT_METHODS as readonly string[]).includes(method);

/** What the rule reads of a shop's config. */
export interface PaymentSettings<Provider extends { methods: readonly string[] } = { methods: readonly string[] }> {
  paymentMethods: readonly PaymentMethod[];
  paymentProviders: readonly Provider[];
}

export interface OfferedPaymentMethod {
  code: PaymentMethod;
  kind: "offline" | "online";
}

/** The first of the shop's providers that takes `method`, or undefined. */
export function providerSettingsFor<Provider extends { methods: readonly string[] }>(shop: PaymentSettings<Provider>, method: string): Provider | undefined {
  return shop.paymentProviders.find((provider) => provider.methods.includes(method));
}

/**
 * True when the shop offers `method`: it lists it, and it is offline or the first provider
 * taking it is usable (`usable`; without it, configured is enough).
 */
export function offersPaymentMethod<Provider extends { methods: readonly string[] }>(
  shop: PaymentSettings<Provider>,
  method: string,
  usable: (provider: Provider) => boolean = () => true,
): boolean {
  if (!(shop.paymentMethods as readonly string[]).includes(method)) return false;
  if (isOfflineMethod(method)) return true;
  const provider = providerSettingsFor(shop, method);
  return provider !== undefined && usable(provider);
}

/** The payment methods the shop offers, in the shop's order. */
export function offeredPaymentMethods<Provider extends { methods: readonly string[] }>(
  shop: PaymentSettings<Provider>,
  usable: (provider: Provider) => boolean = () => true,
): OfferedPaymentMethod[] {
  return shop.paymentMethods
    .filter((method) => offersPaymentMethod(shop, method, usable))
    .map((method) => ({ code: method, kind: isOfflineMethod(method) ? "offline" : "online" }));
}

/** The marks the checkout and the footer draw: the brands, and neutral pictograms for the offline methods. */
export const PAYMENT_MARKS = [
  "paypal",
  "visa",
  "mastercard",
  "klarna",
  "sepa",
  "amazon_pay",
  "twint",
  "ideal",
  "eps",
  "bancontact",
  "prepayment",
  "invoice",
  "cash_on_delivery",
] as const;
export type PaymentMark = (typeof PAYMENT_MARKS)[number];

/**
 * The marks of a payment method in a shop: card is Visa and Mastercard, instant bank transfer the
 * schemes of the countries the shop delivers to (iDEAL, EPS, Bancontact), instalment purchase is
 * Klarna's; every other method its own mark.
 */
export function paymentMarks(method: PaymentMethod, countries: readonly string[]): PaymentMark[] {
  switch (method) {
    case "card":
      return ["visa", "mastercard"];
    case "instant_transfer":
      return instantTransferSchemes(countries);
    case "instalment":
      return ["klarna"];
    default:
      return [method];
  }
}
