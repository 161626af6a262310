/**
 * The state `npm run bench:load` runs on: its own local D1 with the demo catalogue (never the
 * developer's .wrangler state) and the static build of the shops it browses, made once through
 * the rebuild pipeline as `npm start` makes them and kept for the next run while the catalogue
 * stays the same (--rebuild builds again).
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { prepareCatalogue, startAndBuild } from "../../lib/local-shops";
import { ROOT } from "../../lib/shops";

export interface LoadState {
  stateDir: string;
  distRoot: string;
}

export async function prepareLoadState(options: {
  products: number;
  shops: string[];
  buildPort: number;
  rebuild: boolean;
  log: (line: string) => void;
}): Promise<LoadState> {
  const bench = join(ROOT, ".bench", "load");
  const state = { stateDir: join(bench, "state"), distRoot: join(bench, "dist") };
  const workspaceRoot = join(bench, "build");
  const built = options.shops.every((shop) => existsSync(join(state.distRoot, shop, "index.html")));
  await prepareCatalogue({ ...state, products: options.products, log: options.log });
  if (built && !options.rebuild) {
    options.log(`reusing the build in ${state.distRoot} (--rebuild builds again)`);
    return state;
  }
  for (const shop of options.shops) rmSync(join(state.distRoot, shop), { recursive: true, force: true });
  options.log(`building ${options.shops.join(", ")} once (wrangler dev on port ${options.buildPort}, the rebuild pipeline) ...`);
  const { worker } = await startAndBuild({
    ...state,
    workspaceRoot,
    port: options.buildPort,
    products: options.products,
    shops: options.shops,
    actor: "bench:load",
    log: options.log,
  });
  await worker.stop();
  return state;
}
