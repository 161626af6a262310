import { join } from "node:path";
import { prepareCatalogue, startAndBuild } from "../../scripts/lib/local-shops";
import { ROOT } from "../../scripts/lib/shops";

/**
 * Builds a small demo catalogue into its own local state (.e2e/), builds the shops the
 * browser tests visit and serves them through `wrangler dev` on port 8787 (the
 * development hosts of config/shops.json). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const options = {
    stateDir: join(ROOT, ".e2e", "state"),
    distRoot: join(ROOT, ".e2e", "dist"),
    port: 8787,
    products: Number(process.env.E2E_PRODUCTS ?? 60),
    shops: ["DE", "CH"],
    log: (line: string) => console.log(`[setup] ${line}`),
  };
  await prepareCatalogue(options);
  const { worker } = await startAndBuild(options);
  return () => worker.stop();
}
