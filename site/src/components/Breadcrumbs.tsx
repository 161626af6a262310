import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";

export interface Crumb {
  label: string;
  link: string;
}

/** Breadcrumb entries (label, link); the last one is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav className="breadcrumbs" aria-label={t("breadcrumb.label")}>
      <ol>
        {items.map((item, index) => (
          <li key={`${index}-${item.link}`}>
            {index === items.length - 1 ? <span aria-current="page">{item.label}</span> : <Link to={item.link}>{item.label}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
