import { realpathSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { NODE_TYPE_DEFS } from "./site/sourcing/node-types";
import { sourceShopNodes } from "./site/sourcing/source-nodes";
import { createShopPages } from "./site/sourcing/create-pages";
import { shopForBuild } from "./site/sourcing/shop-for-build";
import { createTrivialPages, trivialPageCount } from "./site/sourcing/trivial-pages";
import { writeSitemaps } from "./site/sourcing/sitemap";
import { writeShopData } from "./site/sourcing/shop-data";
import { packProduct } from "./site/src/lib/product-page";
import { shopProductsField, variantAttributesField } from "./site/sourcing/shop-products";
import type { ProductData } from "./site/sourcing/catalogue-client";
import { StableCompilationHash } from "./site/build/stable-compilation-hash";
import { limitRendererEnvironment } from "./site/build/renderer-environment";
import { commonsOfTemplatesOnly } from "./site/build/template-commons";
import { minifyWithSwc } from "./site/build/swc-minifier";
import { STATIC_RENDER_STAGES, reactForTheStaticRender } from "./site/build/react-for-static-render";
import { stripNulBytes } from "./site/build/nul-bytes";
import tsconfigBase from "./tsconfig.base.json";

/** The shop's source and page creation (site/sourcing); one build per SHOP. */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(NODE_TYPE_DEFS);
};

/**
 * What product pages carry (docs/decisions/0055): of the page's product what it shows, prices as
 * minor units (`page`); of each variant of its family the attributes its options are matched on
 * (`variantAttributes(family:)`).
 * Pages select their lists of products by SKU through `shopProducts` (node-level dependencies).
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers, createNodeId }) => {
  createResolvers({
    Query: { shopProducts: shopProductsField(createNodeId) },
    ShopProduct: {
      page: { type: "JSON!", resolve: (source: { data: ProductData }) => packProduct(source.data) },
      variantAttributes: variantAttributesField(createNodeId),
    },
  });
};

export const sourceNodes: GatsbyNode["sourceNodes"] = async (args) => {
  if (trivialPageCount() !== null) return;
  const graphqlToken = process.env.GRAPHQL_TOKEN;
  if (!graphqlToken) throw new Error("GRAPHQL_TOKEN is not set: the build reads /graphql with the shop API's token (npm run build:shops passes it)");
  await sourceShopNodes(args, {
    shopId: shopForBuild(process.env.SHOP).id,
    graphqlUrl: process.env.GRAPHQL_URL ?? "http://localhost:8787/graphql",
    graphqlToken,
    fullSync: process.env.CATALOGUE_FULL_SYNC === "1",
  });
};

export const createPages: GatsbyNode["createPages"] = async (args) => {
  const trivial = trivialPageCount();
  if (trivial !== null) createTrivialPages(args, trivial);
  else {
    // What every page of a language shares goes into one file per language (docs/decisions/0052); pages name theirs.
    const shopData = await writeShopData(args, shopForBuild(process.env.SHOP).languages);
    await createShopPages(args, (language) => ({ shopData: shopData.get(language) }));
  }
};

/**
 * The pages' own small i18next and react-i18next (site/src/i18n, docs/decisions/0011)
 * instead of the packages, in the browser bundle and in the static render alike, so both
 * translate the same way; gatsby-plugin-react-i18next uses them unchanged.
 * The browser bundle runs on Preact (gatsby-plugin-preact), the static render on React
 * (site/build/react-for-static-render.ts, docs/decisions/0060).
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ actions, stage, getConfig }) => {
  const i18n = path.resolve("site", "src", "i18n");
  actions.setWebpackConfig({
    resolve: {
      alias: {
        ...pathAliases(),
        ...(STATIC_RENDER_STAGES.has(stage) ? reactForTheStaticRender(projectRoot()) : {}),
        i18next$: path.join(i18n, "i18next.ts"),
        "react-i18next$": path.join(i18n, "react-i18next.tsx"),
        outdent$: path.join(i18n, "outdent.ts"),
      },
    },
    // The browser bundle's hash from its bytes: a cold build and the next one agree (site/build/stable-compilation-hash.ts).
    plugins: stage === "build-javascript" ? [new StableCompilationHash()] : [],
  });
  // The HTML renderer gets the pages' GATSBY_* variables only, not the whole build environment (site/build/renderer-environment.ts).
  if (stage === "build-html") limitRendererEnvironment((getConfig() as { plugins: unknown[] }).plugins);
  // Every page's first chunk holds what every template renders, not what features load on demand (site/build/template-commons.ts).
  if (stage === "build-javascript") commonsOfTemplatesOnly(getConfig() as Parameters<typeof commonsOfTemplatesOnly>[0]);
  // The browser bundle is minified by SWC: the same bytes within about 1 %, a fraction of Terser's CPU (site/build/swc-minifier.ts).
  if (stage === "build-javascript") minifyWithSwc(getConfig() as Parameters<typeof minifyWithSwc>[0]);
};

/**
 * The path aliases of tsconfig.base.json (`@domain/*` -> `<project>/domain`) for webpack.
 */
function pathAliases(): Record<string, string> {
  const project = projectRoot();
  return Object.fromEntries(
    Object.entries(tsconfigBase.compilerOptions.paths).map(([alias, [target]]) => [alias.replace("/*", ""), path.join(project, target!.replace("/*", ""))]),
  );
}

/** The project's folder: the build runs in a shop's workspace whose package.json links the project's. */
function projectRoot(): string {
  return path.dirname(realpathSync(path.resolve("package.json")));
}

/** When this build started: its HTML files are those written since (site/build/nul-bytes.ts). */
let buildStarted = Date.now();
export const onPreBuild: GatsbyNode["onPreBuild"] = () => {
  buildStarted = Date.now();
};

/** The pages' HTML without the NUL bytes React's streaming render leaks (site/build/nul-bytes.ts); sitemap.xml (index + parts) and robots.txt of the shop (site/sourcing/sitemap.ts). */
export const onPostBuild: GatsbyNode["onPostBuild"] = (args) => {
  const cleaned = stripNulBytes(path.join(args.store.getState().program.directory, "public"), buildStarted);
  if (cleaned > 0) args.reporter.info(`${cleaned} page(s) cleaned of NUL bytes from the streaming render`);
  if (trivialPageCount() === null) writeSitemaps(args);
};
