import { join } from "node:path";
import { prepareCatalogue, startAndBuild } from "../../scripts/lib/local-shops";
import { ROOT } from "../../scripts/lib/shops";
import { acquireDirLock } from "../../scripts/lib/dir-lock";
import { E2E_MAIL_CATCHER_PORTS } from "../../scripts/lib/mail-catcher";
import { SHOPS_PORT, SHOPS_PORT_LOCK } from "../../scripts/lib/port-8787";

/**
 * Builds a small demo catalogue into its own local state (.e2e/), builds the shops the
 * browser tests visit and serves them through `wrangler dev` on port 8787 (the
 * development hosts of config/shops.json). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const options = {
    stateDir: join(ROOT, ".e2e", "state"),
    distRoot: join(ROOT, ".e2e", "dist"),
    workspaceRoot: join(ROOT, ".e2e", "build"),
    port: SHOPS_PORT,
    mailCatcher: E2E_MAIL_CATCHER_PORTS,
    products: Number(process.env.E2E_PRODUCTS ?? 60),
    shops: ["DE", "CH"],
    log: (line: string) => console.log(`[setup] ${line}`),
  };
  // One browser-test run at a time per machine: they all use port 8787.
  const release = await acquireDirLock(SHOPS_PORT_LOCK, { onWait: (owner) => options.log(`waiting for the test run of pid ${owner}`) });
  try {
    await prepareCatalogue(options);
    const { worker, mail } = await startAndBuild(options);
    return async () => {
      await Promise.all([worker.stop(), mail?.stop()]);
      release();
    };
  } catch (error) {
    release();
    throw error;
  }
}
