import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { buildEnvironment, shopForBuild, widgetsForBuild } from "./site/sourcing/shop-for-build";

/**
 * One Gatsby build per shop (docs/decisions/0001): SHOP picks the shop from
 * config/shops.json, GRAPHQL_URL the API the pages are sourced from, GRAPHQL_TOKEN the
 * shop API's token for it (never in the pages: Gatsby puts only GATSBY_* variables there).
 * Paths are resolved from the working directory, the shop's project root in .build/<SHOP>/
 * (scripts/lib/build-shop.ts), which links site/ and locales/ of the project.
 */
const shop = shopForBuild(process.env.SHOP);
// The review and chat widgets of the build's environment (ENVIRONMENT_NAME; a stand-in's only in the local ones).
const widgets = widgetsForBuild(shop, buildEnvironment(process.env.ENVIRONMENT_NAME));
// The shop's captcha for the pages' forms (site/src/lib/captcha.ts); Gatsby puts GATSBY_* variables into the bundle.
process.env.GATSBY_CAPTCHA = JSON.stringify(shop.captcha);
// Whether the product page's question and offer buttons open the inquiry form or only say it is unavailable (site/src/features/inquiries/availability.ts).
process.env.GATSBY_INQUIRIES = shop.inquiries.enabled ? "on" : "off";
// The shop's reviews: rating calls' provider, the verification notice, the provider's widget (site/src/features/reviews/settings.ts).
process.env.GATSBY_REVIEWS = JSON.stringify(widgets.reviews);
// The shop's live chat provider, if any (site/src/features/chat/settings.ts).
process.env.GATSBY_CHAT = JSON.stringify(widgets.chat);

const config: GatsbyConfig = {
  siteMetadata: {
    shopId: shop.id,
    shopName: shop.name,
    currency: shop.currency,
    siteUrl: `https://${shop.hosts.production[0]}`,
  },
  trailingSlash: "ignore",
  graphqlTypegen: false,
  plugins: [
    // site/ is a local plugin so the queries and fragments of site/src are extracted.
    path.resolve("site"),
    // The browser bundle runs on Preact, the static render on React (gatsby-node.ts, docs/decisions/0060).
    "gatsby-plugin-preact",
    {
      resolve: "gatsby-source-filesystem",
      options: { path: path.resolve("locales"), name: "locale" },
    },
    {
      resolve: "gatsby-plugin-react-i18next",
      options: {
        localeJsonSourceName: "locale",
        languages: shop.languages,
        defaultLanguage: shop.defaultLanguage,
        // Language redirects happen in the worker, server-side (docs/decisions/0001).
        redirect: false,
        generateDefaultLanguagePage: shop.domainPrefixes.length > 0,
        i18nextOptions: {
          interpolation: { escapeValue: false },
          keySeparator: ".",
          nsSeparator: false,
          returnNull: false,
        },
      },
    },
  ],
};

export default config;
