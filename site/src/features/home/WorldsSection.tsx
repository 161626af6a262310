import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { WorldTile } from "./CategoryTiles";
import "./home.css";

export interface WorldChild {
  categoryId: string;
  parentId: string | null;
  name: string;
  path: string;
}

/** Subcategories a world lists in the overview; the world's own link leads to the rest. */
export const WORLD_CHILDREN_SHOWN = 6;

/** Each world's subcategories (first WORLD_CHILDREN_SHOWN, in menu order), worlds without any left empty. */
export function childrenByWorld(worlds: readonly WorldTile[], categories: readonly WorldChild[]): Map<string, WorldChild[]> {
  const byWorld = new Map<string, WorldChild[]>(worlds.map((world) => [world.categoryId, []]));
  for (const category of categories) {
    const children = category.parentId === null ? undefined : byWorld.get(category.parentId);
    if (children && children.length < WORLD_CHILDREN_SHOWN) children.push(category);
  }
  return byWorld;
}

/**
 * Home block WorldsSection: every world with its main subcategories as plain links, an
 * overview to jump into a world (the WorldsCarousel above shows the worlds as picture tiles).
 */
export function WorldsSection({ worlds, categories }: { worlds: readonly WorldTile[]; categories: readonly WorldChild[] }) {
  const { t } = useTranslation("home-blocks");
  const children = React.useMemo(() => childrenByWorld(worlds, categories), [worlds, categories]);
  if (worlds.length === 0) return null;
  return (
    <section aria-labelledby="worlds-section" className="section worlds-section" data-testid="worlds-section">
      <h2 id="worlds-section">{t("worldsSection.title")}</h2>
      <ul className="worlds-overview">
        {worlds.map((world) => (
          <li key={world.categoryId}>
            <h3>
              <Link to={world.path}>{world.name}</Link>
            </h3>
            {(children.get(world.categoryId) ?? []).length > 0 ? (
              <ul>
                {(children.get(world.categoryId) ?? []).map((child) => (
                  <li key={child.categoryId}>
                    <Link to={child.path}>{child.name}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
            <Link to={world.path} className="small">
              {t("worldsSection.all", { world: world.name })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
