/**
 * The button that opens and closes a list's filter sidebar on a narrow screen (below the
 * width where the sidebar stands beside the list; styles.css shows it only there). It names
 * the number of active filters and tells assistive technology whether the sidebar is open.
 * Opening and closing the sidebar is reported to analytics (filterSidebar).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { useInterfaceToggle } from "@site/lib/interface-toggle";

/** The id of the sidebar the button controls (aria-controls). */
export const FILTERS_ID = "list-filters";

export function FilterToggle({ open, onToggle, activeCount }: { open: boolean; onToggle: (open: boolean) => void; activeCount: number }) {
  const { t } = useTranslation("search");
  // The button is there as long as its list: the sidebar's opening and closing are reported here.
  useInterfaceToggle("filterSidebar", open);
  return (
    <button
      type="button"
      className="button secondary filter-toggle"
      aria-expanded={open}
      aria-controls={FILTERS_ID}
      data-testid="filter-toggle"
      onClick={() => {
        onToggle(!open);
        // Opened: the sidebar takes the focus, so a keyboard or screen reader user is in it.
        if (!open) requestAnimationFrame(() => document.getElementById(FILTERS_ID)?.focus());
      }}
    >
      {activeCount > 0 ? t("search.filters.toggleActive", { count: activeCount }) : t("search.filters.title")}
    </button>
  );
}
