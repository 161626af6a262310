import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";

/** Where an empty cart sends the visitor: the worlds of the shop, the search, free samples, home. */
export function EmptyCart({ homeHref, worlds }: { homeHref: string; worlds: { name: string; path: string }[] }) {
  const { t } = useTranslation("checkout");
  return (
    <section className="cart-empty" aria-labelledby="cart-empty-title" data-testid="cart-empty">
      <h2 id="cart-empty-title">{t("cart.empty.title")}</h2>
      <p>{t("cart.empty.text")}</p>
      {worlds.length > 0 ? (
        <nav aria-label={t("cart.empty.worlds")}>
          <ul className="cart-empty-worlds">
            {worlds.map((world) => (
              <li key={world.path}>
                <Link to={world.path} className="button secondary">
                  {world.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        <button type="button" className="button link" onClick={() => document.getElementById("header-search")?.focus()} data-testid="cart-empty-search">
          {t("cart.empty.search")}
        </button>
      </p>
      <p className="muted">{t("cart.empty.samples")}</p>
      <p>
        <Link to={homeHref} className="button primary" data-testid="cart-empty-home">
          {t("cart.empty.home")}
        </Link>
      </p>
    </section>
  );
}
