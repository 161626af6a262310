import { ACCOUNT_PATHS, fetchAccount } from "@site/features/account/api";
import { CONSENT_MANAGER_EVENT } from "../consent";
import { registerServiceWorker } from "../service-worker";
import { loadTracking, type TrackingEnvironment } from "./load";

/**
 * What every page starts once the browser is idle (site/gatsby-browser.tsx; not in the first
 * load): GET /apiv2/environment (through the account reads' fetcher, which shares one request
 * with the header's read of it when they overlap; not through swr, whose import here would put
 * swr into every page's first load by webpack's commons rule), then the shop's tag manager and consent manager (load.ts) and its service
 * worker. Without an answer nothing third-party loads and no worker is registered.
 */
interface StartEnvironment {
  environment: TrackingEnvironment & { serviceWorker?: { enabled: boolean } | null };
}

export async function startTracking(): Promise<void> {
  let answer: StartEnvironment;
  try {
    answer = await fetchAccount<StartEnvironment>(ACCOUNT_PATHS.environment);
  } catch {
    return;
  }
  const loaded = loadTracking(answer.environment);
  if (loaded.consentManager) window.dispatchEvent(new CustomEvent(CONSENT_MANAGER_EVENT));
  await registerServiceWorker(answer.environment.serviceWorker?.enabled === true);
}
