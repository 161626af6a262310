import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LocalEnvironment, ShopConfig } from "@config/shop-config";

/**
 * Where this machine serves the shops: each local environment of config/shops.json on the
 * one port all its hosts name. `npm start` serves development (de.localhost:8787, ...), the
 * browser tests serve test (de.localhost:8797, ...), so both can run at the same time.
 */

/** The port every host of a local environment names; throws when they name none or several. */
export function localPort(config: ShopConfig, environment: LocalEnvironment): number {
  const ports = new Set(config.shops.flatMap((shop) => shop.hosts[environment]).map((host) => /:(\d{1,5})$/.exec(host)?.[1] ?? "none"));
  const [port] = ports;
  if (ports.size !== 1 || port === undefined || port === "none") {
    throw new Error(`config/shops.json: the ${environment} hosts must all name one port (found ${[...ports].join(", ") || "no hosts"})`);
  }
  return Number(port);
}

/** The host a local environment serves a shop on (its preferred one). */
export function localHost(config: ShopConfig, shopId: string, environment: LocalEnvironment): string {
  const host = config.shops.find((shop) => shop.id === shopId)?.hosts[environment][0];
  if (!host) throw new Error(`config/shops.json has no ${environment} host for shop ${shopId}`);
  return host;
}

/** A lock per port, one per machine: whatever serves the shops on it (browser tests, Lighthouse) takes its turn. */
export function portLock(port: number): string {
  return join(tmpdir(), `bodenhaus-port-${port}.lock`);
}

/** The local Stripe stand-in's port per local environment (scripts/lib/stripe-stand-in.ts): `npm start`'s and the browser tests'. */
export const STRIPE_STAND_IN_PORTS: Record<LocalEnvironment, number> = { development: 12111, test: 12112 };

/** The local PayPal stand-in's port per local environment (scripts/lib/paypal-stand-in.ts), beside the Stripe one's. */
export const PAYPAL_STAND_IN_PORTS: Record<LocalEnvironment, number> = { development: 12121, test: 12122 };
/**
 * The local stand-in of the review and chat providers (scripts/lib/widget-stand-in.ts): one port for
 * `npm start` and the browser tests, as config/shops.json names it in the demo shops' widget URLs
 * (the pages are the same build for both); whichever starts second uses the running one.
 */
export const WIDGET_STAND_IN_PORT = 12131;
