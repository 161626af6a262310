import { join } from "node:path";
import { seedLocalDemoHistory } from "@scripts/lib/demo-history";
import { prepareCatalogue, startAndBuild, startLocalBuilder } from "@scripts/lib/local-shops";
import { loadShopConfig, ROOT } from "@scripts/lib/shops";
import { acquireDirLock } from "@scripts/lib/dir-lock";
import { forgetShoppers } from "@scripts/lib/forget-shoppers";
import { E2E_MAIL_CATCHER_PORTS } from "@scripts/lib/mail-catcher";
import { withLocalD1 } from "@scripts/local-d1";
import { localPort, portLock, PAYPAL_STAND_IN_PORTS, STRIPE_STAND_IN_PORTS, WIDGET_STAND_IN_PORT } from "@scripts/lib/local-ports";
import { TEST_ALTCHA_ENV } from "../kit/captcha";
import { E2E_SHOPS } from "./support/site";

/**
 * Builds a small demo catalogue into its own local state (.e2e/), builds the shops the
 * browser tests visit through the rebuild pipeline and serves them through workerd as deployed
 * (scripts/lib/workerd-worker.ts; the tests change no code for `wrangler dev` to reload) on
 * the port of the test hosts of config/shops.json (8797), so the tests run while `npm start`
 * serves 8787; a builder keeps publishing the catalogue changes the tests make. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = localPort(loadShopConfig(), "test");
  const options = {
    stateDir: join(ROOT, ".e2e", "state"),
    distRoot: join(ROOT, ".e2e", "dist"),
    workspaceRoot: join(ROOT, ".e2e", "build"),
    port,
    environment: "test" as const,
    // ALTCHA's proof of work as the test kit sizes it: each of the tests' many form submits hashes about 500 numbers
    // instead of 50,000 (0.8 CPU-s of Chromium each); the check of the solution is the same.
    vars: { ALTCHA_MAX_NUMBER: TEST_ALTCHA_ENV.ALTCHA_MAX_NUMBER },
    mailCatcher: E2E_MAIL_CATCHER_PORTS,
    stripeStandIn: STRIPE_STAND_IN_PORTS.test,
    paypalStandIn: PAYPAL_STAND_IN_PORTS.test,
    widgetStandIn: WIDGET_STAND_IN_PORT,
    products: Number(process.env.E2E_PRODUCTS ?? 60),
    shops: [...E2E_SHOPS],
    actor: "browser tests",
    server: "workerd" as const,
    log: (line: string) => console.log(`[setup] ${line}`),
  };
  // One browser-test run at a time per machine: they all serve the test port and .e2e/.
  const release = await acquireDirLock(portLock(port), { onWait: (owner) => options.log(`waiting for the test run of pid ${owner}`) });
  try {
    await prepareCatalogue(options);
    // The demo customers' past orders, as under `npm start` (once; later runs add nothing). Their
    // confirmation mails go with the shoppers below, so no drain of a test waits behind them.
    await seedLocalDemoHistory(options);
    // Every run starts without shoppers: no earlier run's visitors count against the daily sample caps.
    await withLocalD1(forgetShoppers);
    const { worker, mail, stripe, paypal, widgets } = await startAndBuild(options);
    // Catalogue changes the tests make (the console's upload) go live through the builder, as under `npm start`.
    const builder = startLocalBuilder({ ...options, origin: worker.origin });
    return async () => {
      await builder?.stop();
      await Promise.all([worker.stop(), mail?.stop(), stripe?.close(), paypal?.close(), widgets?.close()]);
      release();
    };
  } catch (error) {
    release();
    throw error;
  }
}
