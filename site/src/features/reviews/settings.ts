/**
 * The shop's review settings (config/shops.json `reviews`, put into GATSBY_REVIEWS by
 * gatsby-config.ts at build time; docs/decisions/0047): the provider segment of the rating
 * call, what the verification notice says, and the provider's widget script (the demo's: the local stand-in, docs/decisions/0070).
 */
import { isWidgetScriptUrl } from "@domain/widget-url";

export type ReviewVerification = "none" | "orders";

export interface ReviewSettings {
  provider: string;
  name: string | null;
  verification: ReviewVerification;
  widgetScript: string | null;
  /** The shop's page at the provider (the footer's link); null: no link. */
  profileUrl: string | null;
}

const DEFAULT: ReviewSettings = { provider: "shop", name: null, verification: "none", widgetScript: null, profileUrl: null };

export function reviewSettings(configured: string | undefined = process.env.GATSBY_REVIEWS): ReviewSettings {
  if (!configured) return DEFAULT;
  try {
    const raw = JSON.parse(configured) as {
      provider?: unknown;
      name?: unknown;
      verification?: unknown;
      widget?: { scriptUrl?: unknown };
      profileUrl?: unknown;
    };
    const provider = typeof raw.provider === "string" && /^[a-z][a-z0-9-]{1,39}$/.test(raw.provider) ? raw.provider : DEFAULT.provider;
    const script = isWidgetScriptUrl(raw.widget?.scriptUrl) ? raw.widget.scriptUrl : null;
    return {
      provider,
      name: typeof raw.name === "string" && raw.name ? raw.name : null,
      verification: raw.verification === "orders" ? "orders" : "none",
      widgetScript: script,
      profileUrl: typeof raw.profileUrl === "string" && raw.profileUrl.startsWith("https://") ? raw.profileUrl : null,
    };
  } catch {
    return DEFAULT;
  }
}

/** GET /apiv2/{provider}/rating. */
export const ratingPath = (settings: ReviewSettings) => `/apiv2/${settings.provider}/rating`;
