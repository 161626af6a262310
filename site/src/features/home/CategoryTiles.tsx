import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { IMAGE_SIZES, ResponsiveImage } from "@site/components/ResponsiveImage";

export interface TopCategory {
  categoryId: string;
  name: string;
  path: string;
  description: string;
  image: string | null;
}

export interface WorldTile {
  categoryId: string;
  name: string;
  path: string;
  data: { teaser: string; image: string | null };
}

/** The home page's top categories: a grid of tiles with picture, name and description (one section, so it can hydrate on its own). */
export function TopCategories({ categories }: { categories: readonly TopCategory[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="top-categories" className="section">
      <h2 id="top-categories">{t("home.topCategories")}</h2>
      <ul className="grid tiles">
        {categories.map((category, index) => (
          <li key={category.categoryId}>
            <Link to={category.path} className="tile">
              {/* The first tiles may be in the first screen on a phone: not lazy. */}
              <ResponsiveImage src={category.image} alt="" width={320} height={240} sizes={IMAGE_SIZES.card} eager={index < 2} />
              <span className="tile-title">{category.name}</span>
              <span className="muted small">{category.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home page's worlds: a scrolling row of tiles with picture, name and teaser (one section, so it can hydrate on its own). */
export function WorldCarousel({ worlds }: { worlds: readonly WorldTile[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="worlds" className="section">
      <h2 id="worlds">{t("home.worlds")}</h2>
      <div className="scroller" tabIndex={0}>
        <ul className="carousel">
          {worlds.map((world) => (
            <li key={world.categoryId}>
              <Link to={world.path} className="tile">
                <ResponsiveImage src={world.data.image} alt="" width={320} height={240} sizes={IMAGE_SIZES.tile} />
                <span className="tile-title">{world.name}</span>
                <span className="muted small">{world.data.teaser}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
