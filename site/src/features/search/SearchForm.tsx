/**
 * The header search (rendered by SearchFormSlot): a plain GET form to the results page
 * (`resultsAction`, which the edge fills: it works before and without JavaScript).
 * Focusing or typing loads the overlay's code on demand (it is not part of the first
 * load); the overlay links to the search page (`action`).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { useInterfaceToggle } from "@site/lib/interface-toggle";

const loadOverlay = () => import("./SearchOverlay");
const SearchOverlay = React.lazy(loadOverlay);

export function SearchForm({ action, resultsAction = action }: { action: string; resultsAction?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  const [value, setValue] = React.useState("");
  const close = React.useCallback(() => setOpen(false), []);
  useInterfaceToggle("search", open, { locksScroll: true });
  const input = React.useRef<HTMLInputElement>(null);
  // Focused or typed into before the page hydrated: open now, with what was typed.
  React.useEffect(() => {
    const field = input.current;
    if (!field) return;
    if (field.value) setValue(field.value);
    if (document.activeElement === field || field.value) setOpen(true);
  }, []);
  return (
    <>
      <form className="search-form" role="search" method="get" action={resultsAction} data-slot="search-form">
        <label className="visually-hidden" htmlFor="header-search">
          {t("header.searchLabel")}
        </label>
        <input
          id="header-search"
          ref={input}
          type="search"
          name="q"
          placeholder={t("header.searchPlaceholder")}
          minLength={3}
          autoComplete="off"
          value={value}
          data-testid="header-search"
          onPointerEnter={() => void loadOverlay()}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
        />
        <button type="submit" className="icon-button" aria-label={t("header.searchSubmit")}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M10 3a7 7 0 1 0 4.2 12.6l4.6 4.6 1.4-1.4-4.6-4.6A7 7 0 0 0 10 3Zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Z" fill="currentColor" />
          </svg>
        </button>
      </form>
      {open && (
        <React.Suspense fallback={null}>
          <SearchOverlay action={action} initialValue={value} onClose={close} />
        </React.Suspense>
      )}
    </>
  );
}
