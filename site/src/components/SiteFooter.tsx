import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { BaseContext, ChromeData } from "../lib/page-data";
import { reviewSettings } from "../features/reviews/settings";
import { BRAND_NAMES, LEGAL_KEYS, SERVICE_KEYS, cmsPageOfType, cmsPagesByKey, shopContent } from "../lib/shop-content";
import { displayPhone, phoneHref } from "../lib/phone";
import { PaymentBadges } from "./PaymentBadges";
import { NewsletterSlot } from "../features/newsletter/NewsletterSlot";
import { unpackAlternates, type AlternateLink } from "../lib/seo";

/**
 * The footer's other country shops: this page in each of them, or, for a page no other shop has (the cart, the
 * checkout, the account, a product sold only here), each one's home page.
 */
function countryShopLinks(alternates: BaseContext["alternates"], shop: ChromeData["shopInfo"]): AlternateLink[] {
  const elsewhere = (links: AlternateLink[]) => links.filter((link) => link.hreflang !== "x-default" && !link.href.startsWith(`${shop.origin}/`));
  const twins = elsewhere(unpackAlternates(alternates, shop.hreflangBases));
  return twins.length > 0 ? twins : elsewhere(unpackAlternates({ "/": Object.keys(shop.hreflangBases) }, shop.hreflangBases));
}

/**
 * The footer of every page : the newsletter sign-up, service with phone and
 * hours, payment and carrier icons, legal links, the other country shops and the reviews
 * profile. Below the first screen, so the Layout loads and hydrates it when it comes near the viewport.
 */
export function SiteFooter({
  shop,
  language,
  cmsLinks,
  alternates,
}: {
  shop: ChromeData["shopInfo"];
  language: string;
  cmsLinks: ChromeData["cmsLinks"]["nodes"];
  alternates: BaseContext["alternates"];
}) {
  const { t } = useTranslation();
  const content = shopContent(shop.shopId);
  const reviews = reviewSettings();
  const pagesByKey = cmsPagesByKey(cmsLinks);
  const chat = cmsPageOfType(cmsLinks, "CHAT");
  return (
    <footer className="site-footer">
      <div className="container">
        <NewsletterSlot placement="footer" currency={shop.currency} language={language} />
      </div>
      <div className="container footer-grid">
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">{t("footer.service")}</h2>
          <p className="footer-phone">
            <a href={phoneHref(content.phone)}>{displayPhone(content.phone)}</a>
          </p>
          <p className="muted-light">{t("footer.hours")}</p>
          <ul className="footer-links">
            {SERVICE_KEYS.map((key) => pagesByKey.get(key)).map((page) =>
              page ? (
                <li key={page.path}>
                  <Link to={page.path}>{page.title}</Link>
                </li>
              ) : null,
            )}
            {chat ? (
              <li>
                <Link to={chat.path}>{chat.title}</Link>
              </li>
            ) : null}
          </ul>
        </section>
        <section aria-labelledby="footer-payment">
          <h2 id="footer-payment">{t("footer.payment")}</h2>
          <PaymentBadges methods={shop.paymentMethods} countries={shop.deliveryCountries} />
          <h2 id="footer-carriers">{t("footer.carriers")}</h2>
          <ul className="badges">
            {content.carriers.map((carrier) => (
              <li key={carrier} className="badge-icon">
                {BRAND_NAMES[carrier] ?? t(`carrier.${carrier}`)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t("footer.legal")}</h2>
          <ul className="footer-links">
            {LEGAL_KEYS.map((key) => pagesByKey.get(key)).map((page) =>
              page ? (
                <li key={page.path}>
                  <Link to={page.path}>{page.title}</Link>
                </li>
              ) : null,
            )}
          </ul>
        </section>
        <section aria-labelledby="footer-shops">
          <h2 id="footer-shops">{t("footer.countryShops")}</h2>
          <ul className="footer-links">
            {countryShopLinks(alternates, shop).map((alternate) => (
              <li key={alternate.hreflang}>
                <a href={alternate.href} hrefLang={alternate.hreflang} lang={alternate.hreflang}>
                  {t(`shops.${alternate.hreflang}`)}
                </a>
              </li>
            ))}
          </ul>
          {reviews.profileUrl ? (
            <p className="muted-light">
              <a href={reviews.profileUrl} rel="noopener">
                {t("footer.reviews")}
              </a>
            </p>
          ) : null}
        </section>
      </div>
      <div className="container footer-bottom">
        <p>{t("footer.copyright", { year: shop.buildYear, shop: shop.name })}</p>
      </div>
    </footer>
  );
}
