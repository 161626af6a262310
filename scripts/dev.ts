/**
 * `npm start`: builds the demo catalogue into the local D1 (with the demo customers' order
 * history), builds every shop and serves them all through the worker on
 * http://<shop>.localhost:8787/; every mail the shops send lands in the local mail catcher's
 * inbox on http://localhost:1080/.
 * Options: `npm start -- --help`.
 */
import "./lib/require-project-node";
import { join } from "node:path";
import { homePath } from "@domain/routes";
import { DEMO_CUSTOMER, DEMO_CUSTOMER_DOMAIN, seedLocalDemoHistory, sendWaitingMail } from "./lib/demo-history";
import { DEMO_STAFF, demoStaffPassword } from "./lib/demo-staff";
import { prepareCatalogue, startAndBuild, startLocalBuilder } from "./lib/local-shops";
import { MAIL_CATCHER_PORTS } from "./lib/mail-catcher";
import { PAYPAL_STAND_IN_PORTS, STRIPE_STAND_IN_PORTS, WIDGET_STAND_IN_PORT } from "./lib/local-ports";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { loadShopConfig, ROOT } from "./lib/shops";

const COMMAND = {
  command: "npm start --",
  summary:
    "Builds the demo catalogue into the local D1, builds the shops and serves them on http://<shop>.localhost:8787/ with the back office and the mail inbox.",
  options: {
    products: { type: "integer", default: 300, min: 1, description: "products in the demo catalogue" },
    fresh: { type: "boolean", description: "generate the demo catalogue again" },
    shops: { type: "list", value: "SHOP,...", description: "the shops to build (default: every shop of config/shops.json)" },
  },
  examples: ["npm start", "npm start -- --products 1000 --fresh --shops DE,CH"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  const config = loadShopConfig();
  const shops = values.shops.length > 0 ? values.shops.map((s) => s.toUpperCase()) : config.shops.map((shop) => shop.id);
  const products = values.products;
  const unknown = shops.filter((id) => !config.shops.some((shop) => shop.id === id));
  if (unknown.length) refuseUsage(COMMAND, `unknown shop(s) ${unknown.join(", ")} (known: ${config.shops.map((s) => s.id).join(", ")})`);

  const started = Date.now();
  const options = {
    stateDir: join(ROOT, ".wrangler", "state"),
    distRoot: join(ROOT, "dist"),
    workspaceRoot: join(ROOT, ".build"),
    port: 8787,
    mailCatcher: MAIL_CATCHER_PORTS,
    stripeStandIn: STRIPE_STAND_IN_PORTS.development,
    paypalStandIn: PAYPAL_STAND_IN_PORTS.development,
    widgetStandIn: WIDGET_STAND_IN_PORT,
    products,
    shops,
    fresh: values.fresh,
    log: (line: string) => console.log(line),
  };
  await prepareCatalogue(options);
  // Past orders of the demo customers (scripts/lib/demo-history.ts); written once, kept afterwards.
  const history = await seedLocalDemoHistory(options).catch((error: unknown) => {
    console.log(`The demo order history was not written: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  const { worker, mail, stripe, paypal, widgets } = await startAndBuild(options);
  // Its confirmation mails go to the inbox once: when the history was first written.
  if (history && history.placed > 0) await sendWaitingMail(worker.origin).catch((error: unknown) => console.log(`Demo mails not sent now: ${String(error)}`));

  console.log(`\nAll ${shops.length} shops are ready after ${((Date.now() - started) / 1000).toFixed(0)} s:`);
  for (const shop of config.shops.filter((s) => shops.includes(s.id))) {
    const host = shop.hosts.development[0]!;
    console.log(`  ${shop.id.padEnd(6)} ${shop.name.padEnd(26)} http://${host}${homePath(shop, shop.defaultLanguage)}`);
  }
  console.log(`  (other hosts on port 8787 show the no-shop-found page; GraphQL at ${worker.origin}/graphql)`);
  const backOffice = config.backOffice?.hosts.development[0];
  if (backOffice) {
    console.log(
      `Back office: http://${backOffice}/ (demo login ${DEMO_STAFF[0]!.email} / ${demoStaffPassword()}; also service@ and ops@ with the same password)`,
    );
  }
  console.log(`Mail inbox: http://localhost:${MAIL_CATCHER_PORTS.web}/ (every mail the shops send)`);
  if (stripe) console.log(`Online payments: the Stripe stand-in on ${stripe.origin} (its page lets you pick the outcome)`);
  if (paypal) console.log(`PayPal (DE, AT): the PayPal stand-in on ${paypal.origin} (its approval page lets you pick the outcome)`);
  if (widgets) console.log(`Review and chat widgets: the local providers' stand-in on ${widgets.origin} (loaded after cookie consent)`);
  if (history) {
    console.log(`Demo customer: ${DEMO_CUSTOMER} (past orders in the DE shop in every state; more demo customers @${DEMO_CUSTOMER_DOMAIN} in AT and CH)`);
  }
  // Catalogue changes (imports, the console's "publish now") go live through the builder.
  const builder = startLocalBuilder({ ...options, origin: worker.origin });
  console.log("Press Ctrl+C to stop.");

  const stop = async () => {
    await builder?.stop();
    await Promise.all([worker.stop(), mail?.stop(), stripe?.close(), paypal?.close(), widgets?.close()]);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
