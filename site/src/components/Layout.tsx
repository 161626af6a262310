import React from "react";
import { graphql, Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ChromeData } from "../lib/page-data";
import { homePath, manufacturerListPath } from "../lib/routes";
import "../styles.css";

/** Header with the worlds, main content, footer with the shop's service and legal pages. */
export function Layout({ chrome, language, children }: { chrome: ChromeData; language: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const shop = chrome.shopInfo;
  return (
    <>
      <a className="skip-link" href="#content">
        {t("nav.skipToContent")}
      </a>
      <header className="site-header">
        <div className="container">
          <Link className="logo" to={homePath(shop, language)}>
            {shop.name}
          </Link>
          <nav className="main-nav" aria-label={t("nav.main")}>
            <ul>
              {chrome.worlds.nodes.map((world) => (
                <li key={world.categoryId}>
                  <Link to={world.path}>{world.name}</Link>
                </li>
              ))}
              <li>
                <Link to={manufacturerListPath(shop, language)}>{t("nav.manufacturers")}</Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="content" className="container">
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <nav aria-label={t("footer.service")}>
            <ul>
              {chrome.footerPages.nodes.map((page) => (
                <li key={page.identifier}>
                  <Link to={page.path}>{page.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>{t("footer.copyright", { year: new Date().getFullYear(), shop: shop.name })}</p>
        </div>
      </footer>
    </>
  );
}

export const chromeFragment = graphql`
  fragment ShopChrome on Query {
    locales: allLocale(filter: { language: { eq: $language } }) {
      edges { node { ns data language } }
    }
    shopInfo { shopId name currency languages domainPrefixes }
    worlds: allShopCategory(filter: { language: { eq: $language }, isWorld: { eq: true } }, sort: { position: ASC }) {
      nodes { categoryId name path }
    }
    footerPages: allShopCmsPage(filter: { language: { eq: $language }, pageType: { eq: "CMS" } }, sort: { title: ASC }) {
      nodes { identifier title path }
    }
  }
`;
