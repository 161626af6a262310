/**
 * A payment provider test double (Jest only; never registered in a running shop): it
 * "opens" payments by answering a redirect URL on a provider host, and signs its callbacks
 * with HMAC-SHA256 over the raw body (header `x-double-signature`, hex) with the shop's
 * signing secret, as real providers sign their webhooks. Tests drive it: which starts fail,
 * what the callbacks say, with a good or a bad signature.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentProviderSettings } from "@config/shop-config";
import { PaymentCallbackRefused, type PaymentOrder, type PaymentOutcome, type PaymentProvider, type PaymentStart } from "@shop-api/core/payments/provider";
import { registerPaymentAdapter, unregisterPaymentAdapter } from "@shop-api/core/payments/registry";

export const DOUBLE_PROVIDER = "test-double";
export const DOUBLE_SIGNATURE_HEADER = "x-double-signature";

export interface PaymentDouble {
  /** Every payment the double was asked to open. */
  started: PaymentOrder[];
  /** What the next start does: answer (default), throw, answer this redirect URL, or answer once `held` settles. */
  nextStart: "ok" | "throw" | { redirectUrl: string } | { held: Promise<void> };
  /** A callback request as the provider sends it, signed with `secret` (the shop's unless given). */
  callback(path: string, outcome: Partial<PaymentOutcome> & Record<string, unknown>, options?: { secret?: string; signature?: string | null }): Request;
  dispose(): void;
}

const sign = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");

/** Registers the double under DOUBLE_PROVIDER; `signingSecret` is the value the shop's `signingSecret` secret holds. */
export function registerPaymentDouble(signingSecret: string): PaymentDouble {
  let payments = 0;
  const double: PaymentDouble = {
    started: [],
    nextStart: "ok",
    callback(path, outcome, options = {}) {
      const body = JSON.stringify(outcome);
      const headers: Record<string, string> = { "content-type": "application/json" };
      const signature = options.signature === undefined ? sign(options.secret ?? signingSecret, body) : options.signature;
      if (signature !== null) headers[DOUBLE_SIGNATURE_HEADER] = signature;
      return new Request(`http://shop-api${path}`, { method: "POST", headers, body });
    },
    dispose: () => unregisterPaymentAdapter(DOUBLE_PROVIDER),
  };

  registerPaymentAdapter(DOUBLE_PROVIDER, (settings: PaymentProviderSettings, secrets): PaymentProvider => ({
    code: DOUBLE_PROVIDER,
    methods: settings.methods,
    async start(order): Promise<PaymentStart> {
      double.started.push(order);
      const next = double.nextStart;
      double.nextStart = "ok";
      if (next === "throw") throw new Error("provider unavailable");
      if (typeof next === "object" && "held" in next) await next.held;
      payments += 1;
      const reference = `pay_${payments}`;
      return {
        redirectUrl: typeof next === "object" && "redirectUrl" in next ? next.redirectUrl : `https://pay.double.example/checkout/${reference}`,
        reference,
      };
    },
    async verifyCallback(request): Promise<PaymentOutcome> {
      const body = await request.text();
      const given = request.headers.get(DOUBLE_SIGNATURE_HEADER) ?? "";
      const expected = sign(secrets.signingSecret ?? "", body);
      if (!/^[0-9a-f]{64}$/.test(given) || !timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex")))
        throw new PaymentCallbackRefused("bad signature");
      try {
        return JSON.parse(body) as PaymentOutcome;
      } catch {
        throw new PaymentCallbackRefused("unreadable body");
      }
    },
  }));
  return double;
}
