import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { cmsKey, type CmsKey } from "@site/lib/shop-content";
import "./home.css";

/** The pages of the AboutGrid, in this order; a page the shop does not have is left out. */
export const ABOUT_GRID_KEYS: readonly CmsKey[] = ["about", "service", "shipping", "payment", "complaints", "career"];

/** Home block AboutGrid: a tile per page about the shop and its service, each with the page's title and what it offers. */
export function AboutGrid({ pages }: { pages: readonly { identifier: string; title: string; path: string }[] }) {
  const { t } = useTranslation("home-blocks");
  const tiles = ABOUT_GRID_KEYS.flatMap((key) => {
    const page = pages.find((candidate) => cmsKey(candidate.identifier) === key);
    return page ? [{ key, page }] : [];
  });
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="about-grid" className="section" data-testid="about-grid">
      <h2 id="about-grid">{t("aboutGrid.title")}</h2>
      <ul className="grid about-grid">
        {tiles.map(({ key, page }) => (
          <li key={key}>
            <Link to={page.path} className="about-tile">
              <span className="tile-title">{page.title}</span>
              <span className="muted small">{t(`aboutGrid.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
