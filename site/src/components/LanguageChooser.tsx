import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { BaseContext, ChromeData } from "../lib/page-data";
import { homePath } from "@domain/routes";
import { hreflangFor, unpackAlternates } from "../lib/seo";

/** Links to this page in the shop's other languages (CH: de, fr, it); the header shows it in a shop of more than one. */
export function LanguageChooser({ chrome, context }: { chrome: ChromeData; context: BaseContext }) {
  const { t } = useTranslation();
  const shop = chrome.shopInfo;
  const alternates = unpackAlternates(context.alternates, shop.hreflangBases);
  const own = (language: string) => {
    const hreflang = hreflangFor(shop.shopId, language);
    const alternate = alternates.find((candidate) => candidate.hreflang === hreflang);
    return alternate ? alternate.href.slice(shop.origin.length) : homePath(shop, language);
  };
  return (
    <nav className="language-chooser" aria-label={t("header.language")}>
      <ul>
        {shop.languages.map((language) => (
          <li key={language}>
            {language === context.language ? (
              <span aria-current="true" lang={language}>
                {language.toUpperCase()}
              </span>
            ) : (
              <a href={own(language)} hrefLang={language} lang={language}>
                <span aria-hidden="true">{language.toUpperCase()}</span>
                <span className="visually-hidden">{t(`languages.${language}`)}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
