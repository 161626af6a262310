import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "../../lib/page-data";
import { mediaHref } from "../../lib/media";

/** The product's tutorials: videos as links, texts in place (SPEC 2.2 Product page). */
export function Tutorials({ product }: { product: ProductData }) {
  const { t } = useTranslation();
  if (product.tutorials.length === 0) return <p>{t("product.noTutorials")}</p>;
  return (
    <ul className="tutorials">
      {product.tutorials.map((tutorial) => (
        <li key={tutorial.title}>
          <h3>{tutorial.title}</h3>
          {tutorial.type === "video" && tutorial.url ? (
            <p>
              <a href={mediaHref(tutorial.url)} rel="noopener">
                {t("product.watchVideo")}
              </a>
            </p>
          ) : (
            <p>{tutorial.content}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
