/**
 * Registration of the service worker at /sw.js (docs/decisions/0051). The
 * edge writes the script (worker/edge/service-worker.ts); the environment says whether the
 * shop's worker is on. When it is off the pages register nothing and ask an existing
 * registration to check for its update, which is then the kill switch that removes it.
 * A browser without service workers, or one that refuses the registration, is silently
 * fine ("Service worker unsupported: error thrown, silently caught").
 */
export const SERVICE_WORKER_URL = "/sw.js";

export type ServiceWorkerOutcome = "registered" | "update-checked" | "not-registered" | "unsupported";

type Container = Pick<ServiceWorkerContainer, "register" | "getRegistration">;

export async function registerServiceWorker(
  enabled: boolean,
  container: Container | undefined = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined,
): Promise<ServiceWorkerOutcome> {
  try {
    if (!container) throw new Error("service worker unsupported");
    if (enabled) {
      await container.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" });
      return "registered";
    }
    const existing = await container.getRegistration("/");
    if (!existing) return "not-registered";
    await existing.update();
    return "update-checked";
  } catch {
    return "unsupported";
  }
}
