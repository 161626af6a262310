/**
 * The shop's live chat (config/shops.json `chat`, put into GATSBY_CHAT by gatsby-config.ts at
 * build time; docs/decisions/0070): the provider's name and widget script, or null where the
 * shop has no chat (its chat page leads to the contact form).
 */
import { isWidgetScriptUrl } from "@domain/widget-url";

export interface ChatSettings {
  name: string;
  scriptUrl: string;
}

export function chatSettings(configured: string | undefined = process.env.GATSBY_CHAT): ChatSettings | null {
  if (!configured) return null;
  try {
    const raw = JSON.parse(configured) as { name?: unknown; widget?: { scriptUrl?: unknown } } | null;
    const name = raw?.name;
    const scriptUrl = raw?.widget?.scriptUrl;
    return typeof name === "string" && name && isWidgetScriptUrl(scriptUrl) ? { name, scriptUrl } : null;
  } catch {
    return null;
  }
}
