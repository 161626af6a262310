import { registerServiceWorker, SERVICE_WORKER_URL } from "./service-worker";

/** A ServiceWorkerContainer that records what is asked of it. */
function container(options: { refuse?: boolean; existing?: boolean } = {}) {
  const calls: string[] = [];
  return {
    calls,
    register: async (url: string | URL, registration?: RegistrationOptions) => {
      calls.push(`register ${String(url)} ${registration?.scope} ${registration?.updateViaCache}`);
      if (options.refuse) throw new DOMException("The operation is insecure.", "SecurityError");
      return {} as ServiceWorkerRegistration;
    },
    getRegistration: async () => {
      calls.push("getRegistration");
      return options.existing ? ({ update: async () => void calls.push("update") } as unknown as ServiceWorkerRegistration) : undefined;
    },
  };
}

describe("service worker registration", () => {
  test("on: /sw.js for the whole site, its script never from the HTTP cache", async () => {
    const sw = container();
    expect(await registerServiceWorker(true, sw)).toBe("registered");
    expect(sw.calls).toEqual([`register ${SERVICE_WORKER_URL} / none`]);
  });

  test("off: nothing registered; an existing worker checks for its update (the kill switch)", async () => {
    const existing = container({ existing: true });
    expect(await registerServiceWorker(false, existing)).toBe("update-checked");
    expect(existing.calls).toEqual(["getRegistration", "update"]);
    const none = container();
    expect(await registerServiceWorker(false, none)).toBe("not-registered");
    expect(none.calls).toEqual(["getRegistration"]);
  });

  test("a browser without service workers, or one that refuses, is silently fine", async () => {
    await expect(registerServiceWorker(true, undefined)).resolves.toBe("unsupported");
    await expect(registerServiceWorker(true, container({ refuse: true }))).resolves.toBe("unsupported");
  });
});
