/**
 * The Stripe payment adapter (docs/decisions/0066): Stripe Checkout Sessions, so the card
 * data and the bank logins stay on Stripe's hosted page and never touch the shop's workers.
 *
 * - `start` opens a Checkout Session for the order's grand total in its currency (never an
 *   amount the client sent), limited to the Stripe payment method types of the order's method
 *   in this shop, with the shop and the order number as metadata (on the session and on its
 *   PaymentIntent) and the idempotency key `<shop>-<order>-<attempt>`: a repeated start of the
 *   same attempt (a double click, a retry, the browser's back button) answers the same session,
 *   so its parameters are the same every time (no clock in them: the session lives Stripe's 24 hours).
 * - `verifyCallback` checks the Stripe-Signature header (HMAC-SHA256 of `t.payload` with the
 *   webhook secret, within Stripe's tolerance of 300 s) and reads the event: another shop's
 *   payment is ignored, a Connect account's event refused.
 * - `status`, `close` (expire an open session before another try) and `refund`.
 *
 * The API origin is Stripe's; the worker variable STRIPE_API_ORIGIN points it at the local
 * stand-in (scripts/lib/stripe-stand-in.ts) in development and tests.
 */
import type Stripe from "stripe";
import type { PaymentProviderSettings } from "@config/shop-config";
import { instantTransferSchemes } from "@domain/payment-methods";
import type { ShopApiEnv } from "@worker/env";
import type { Shop } from "../shop";
import {
  PaymentCallbackRefused,
  type OnlinePaymentMethod,
  type PaymentMovement,
  type PaymentNotice,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentStatus,
} from "./provider";

export const STRIPE_PROVIDER = "stripe";
/** The secrets a shop's Stripe provider names (config paymentProviders[].secrets): the secret key and the webhook's signing secret. */
export const STRIPE_SECRET_ROLES = ["apiKey", "webhookSecret"] as const;

type StripeMethodType = NonNullable<Stripe.Checkout.SessionCreateParams["allowed_payment_method_types"]>[number];

const METHOD_TYPES: Record<Exclude<OnlinePaymentMethod, "instant_transfer">, StripeMethodType[]> = {
  paypal: ["paypal"],
  card: ["card"],
  klarna: ["klarna"],
  // Instalment purchase is Klarna's: its page offers the instalments.
  instalment: ["klarna"],
  sepa: ["sepa_debit"],
  amazon_pay: ["amazon_pay"],
  twint: ["twint"],
};

/**
 * The Stripe payment method types of an online method in a shop: instant bank transfer is the
 * local scheme of each country the shop delivers to that has one (iDEAL, EPS, Bancontact).
 */
export function stripeMethodTypes(method: OnlinePaymentMethod, shop: Pick<Shop, "deliveryCountries">): StripeMethodType[] {
  if (method !== "instant_transfer") return METHOD_TYPES[method];
  return instantTransferSchemes(shop.deliveryCountries);
}

/** The payment method types Stripe takes only in one currency. */
const TYPE_CURRENCIES: Partial<Record<StripeMethodType, string>> = { sepa_debit: "EUR", ideal: "EUR", eps: "EUR", bancontact: "EUR", twint: "CHF" };

/**
 * The config check of the shops' Stripe methods (npm run config:check, at every build and start): one
 * line per method Stripe cannot take in that shop (no local scheme, or another currency).
 */
export function stripeConfigProblems(
  shops: readonly (Pick<Shop, "id" | "currency" | "deliveryCountries"> & { paymentProviders: PaymentProviderSettings[] })[],
): string[] {
  return shops.flatMap((shop, index) =>
    shop.paymentProviders.flatMap((provider, position) =>
      provider.provider !== STRIPE_PROVIDER
        ? []
        : provider.methods.flatMap((method, at) => {
            const types = stripeMethodTypes(method, shop);
            const where = `shops[${index}].paymentProviders[${position}].methods[${at}]`;
            if (types.length === 0) return [`${where}: Stripe has no ${method} for the countries ${shop.id} delivers to`];
            const foreign = types.filter((type) => TYPE_CURRENCIES[type] !== undefined && TYPE_CURRENCIES[type] !== shop.currency);
            return foreign.length > 0 ? [`${where}: Stripe takes ${foreign.join(", ")} only in ${TYPE_CURRENCIES[foreign[0]!]}, not ${shop.currency}`] : [];
          }),
    ),
  );
}

/** Stripe's page language for the shop's language (Austrian German is German there). */
const CHECKOUT_LOCALES: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = { de: "de", at: "de", en: "en", fr: "fr", it: "it", nl: "nl" };

/** The Stripe SDK and a client of its API (or of the stand-in at STRIPE_API_ORIGIN). */
interface StripeApi {
  sdk: typeof Stripe;
  stripe: Stripe;
  cryptoProvider: ReturnType<typeof Stripe.createSubtleCryptoProvider>;
}

/**
 * The SDK and its crypto provider, loaded once per isolate with a provider's first call: an isolate that takes no
 * Stripe payment (most requests: a cart, a page's data, an offline order) never evaluates it.
 */
let sdkLoad: Promise<Omit<StripeApi, "stripe">> | undefined;
const loadSdk = () => (sdkLoad ??= import("stripe").then(({ default: sdk }) => ({ sdk, cryptoProvider: sdk.createSubtleCryptoProvider() })));

async function stripeApi(secretKey: string, apiOrigin: string | undefined): Promise<StripeApi> {
  const { sdk, cryptoProvider } = await loadSdk();
  const origin = apiOrigin ? new URL(apiOrigin) : null;
  const stripe = new sdk(secretKey, {
    httpClient: sdk.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(origin
      ? {
          host: origin.hostname,
          port: Number(origin.port || (origin.protocol === "https:" ? 443 : 80)),
          protocol: origin.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return { sdk, stripe, cryptoProvider };
}

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === "string" ? value : value.id);

function sessionNotice(session: Stripe.Checkout.Session, shop: Shop, status: "paid" | "failed" | "cancelled" | "pending"): PaymentNotice {
  if (session.metadata?.shop !== shop.id) return { ignored: `a payment of shop ${session.metadata?.shop ?? "(none)"}` };
  const orderNumber = session.metadata?.order ?? session.client_reference_id ?? "";
  const paymentId = idOf(session.payment_intent);
  return {
    orderNumber,
    status,
    reference: session.id,
    ...(status === "paid" && session.amount_total !== null ? { amount: session.amount_total, currency: session.currency?.toUpperCase() } : {}),
    ...(status === "paid" && paymentId ? { paymentId } : {}),
  };
}

/** What a verified Stripe event says for the shop. */
function noticeOfEvent(event: Stripe.Event, shop: Shop): PaymentNotice {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.payment_status === "no_payment_required") return { ignored: "no payment required" };
      return sessionNotice(session, shop, session.payment_status === "paid" ? "paid" : "pending");
    }
    case "checkout.session.async_payment_succeeded":
      return sessionNotice(event.data.object, shop, "paid");
    case "checkout.session.async_payment_failed":
      return sessionNotice(event.data.object, shop, "failed");
    case "checkout.session.expired":
      return sessionNotice(event.data.object, shop, "cancelled");
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentId = idOf(charge.payment_intent);
      const refunds = charge.refunds?.data ?? [];
      if (!paymentId || refunds.length === 0) return { ignored: "a refund without its payment" };
      return {
        movements: refunds.map((refund) => ({
          kind: "refund",
          id: refund.id,
          paymentId,
          amount: refund.amount,
          currency: refund.currency.toUpperCase(),
          state: refund.status ?? "pending",
        })),
      };
    }
    // A refund and its later state (a pending refund that succeeded or failed): Stripe reports the refund itself.
    case "refund.created":
    case "charge.refund.updated":
    case "refund.updated":
    case "refund.failed": {
      const refund = event.data.object;
      const paymentId = idOf(refund.payment_intent);
      if (!paymentId) return { ignored: "a refund without its payment" };
      return {
        movements: [
          { kind: "refund", id: refund.id, paymentId, amount: refund.amount, currency: refund.currency.toUpperCase(), state: refund.status ?? "pending" },
        ],
      };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const paymentId = idOf(dispute.payment_intent);
      if (!paymentId) return { ignored: "a dispute without its payment" };
      return {
        movements: [{ kind: "chargeback", id: dispute.id, paymentId, amount: dispute.amount, currency: dispute.currency.toUpperCase(), state: dispute.status }],
      };
    }
    default:
      return { ignored: event.type };
  }
}

/** The adapter: a shop's provider with its secrets `apiKey` and `webhookSecret` (config paymentProviders[].secrets). */
export function stripeAdapter(settings: PaymentProviderSettings, secrets: Record<string, string>, shop: Shop, env: ShopApiEnv): PaymentProvider {
  let api: Promise<StripeApi> | undefined;
  const connect = () => (api ??= stripeApi(secrets.apiKey ?? "", env.STRIPE_API_ORIGIN));
  return {
    code: STRIPE_PROVIDER,
    methods: settings.methods,
    async start(order: PaymentOrder) {
      const types = stripeMethodTypes(order.method, shop);
      if (types.length === 0) throw new Error(`Stripe takes no ${order.method} in shop ${shop.id}`);
      const metadata = { shop: order.shopId, order: order.orderNumber };
      const { stripe } = await connect();
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          allowed_payment_method_types: types,
          line_items: [
            { quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amount, product_data: { name: order.description } } },
          ],
          customer_email: order.email,
          client_reference_id: order.orderNumber,
          metadata,
          payment_intent_data: { metadata, description: order.description },
          locale: CHECKOUT_LOCALES[order.language] ?? "auto",
          success_url: order.returnUrl,
          cancel_url: order.returnUrl,
        },
        { idempotencyKey: `${order.shopId}-${order.orderNumber}-${order.attempt}` },
      );
      if (!session.url) throw new Error("Stripe answered a session without its page");
      if (session.amount_total !== order.amount || session.currency?.toUpperCase() !== order.currency)
        throw new Error(`Stripe opened ${session.amount_total} ${session.currency} for ${order.amount} ${order.currency}`);
      return { redirectUrl: session.url, reference: session.id };
    },
    async verifyCallback(request): Promise<PaymentNotice> {
      const signature = request.headers.get("stripe-signature");
      if (!signature) throw new PaymentCallbackRefused("no Stripe-Signature");
      const body = await request.text();
      const { stripe, cryptoProvider } = await connect();
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(body, signature, secrets.webhookSecret ?? "", undefined, cryptoProvider);
      } catch (error) {
        throw new PaymentCallbackRefused(error instanceof Error ? error.message : "bad signature");
      }
      // A connected account's event is not the shop's own money.
      if (event.account) throw new PaymentCallbackRefused(`an event of account ${event.account}`);
      return noticeOfEvent(event, shop);
    },
    async status(reference): Promise<PaymentStatus> {
      const { sdk, stripe } = await connect();
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(reference);
      } catch (error) {
        // Stripe does not know the session (opened with another account's or mode's key).
        if (error instanceof sdk.errors.StripeInvalidRequestError && error.code === "resource_missing") return "unknown";
        throw error;
      }
      if (session.status === "open") return "open";
      if (session.status === "expired") return "expired";
      return session.payment_status === "paid" ? "complete" : "processing";
    },
    async close(reference) {
      const { sdk, stripe } = await connect();
      try {
        await stripe.checkout.sessions.expire(reference);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is complete (paid or processing), already expired, or one it does not know.
        if (error instanceof sdk.errors.StripeInvalidRequestError) return (await this.status?.(reference)) === "expired";
        throw error;
      }
    },
    async refund(payment): Promise<PaymentMovement> {
      const { stripe } = await connect();
      const refund = await stripe.refunds.create(
        { payment_intent: payment.paymentId, amount: payment.amount, reason: "requested_by_customer" },
        { idempotencyKey: payment.key },
      );
      return {
        kind: "refund",
        id: refund.id,
        paymentId: payment.paymentId,
        amount: refund.amount,
        currency: refund.currency.toUpperCase(),
        state: refund.status ?? "pending",
      };
    },
  };
}
