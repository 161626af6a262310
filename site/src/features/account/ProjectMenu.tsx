import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { CART_QUANTITY_EVENT } from "../commerce/AddToCart";
import { useProjectStore, type ProjectView } from "./project-store";
import { errorText } from "./ui";

/**
 * The product page's project dropdown: create a new project with this product,
 * add it to one of the visitor's projects, or go to manage them. The quantity is the one
 * chosen for the cart (the page's calculator, then the add-to-cart counter as it changes).
 * Guests keep their projects in this browser, customers in the account.
 */
export function ProjectMenu({
  sku,
  name,
  link,
  quantity,
  projectsPath,
}: {
  sku: string;
  name: string;
  link: string | null;
  quantity: number;
  projectsPath: string;
}) {
  const { t } = useTranslation("account");
  const store = useProjectStore();
  const [open, setOpen] = React.useState(false);
  const [creating, setCreating] = React.useState(false);
  const [newName, setNewName] = React.useState("");
  const [pending, setPending] = React.useState(false);
  const [message, setMessage] = React.useState<{ type: "ok" | "error"; text: string } | null>(null);
  const [hydrated, setHydrated] = React.useState(false);
  const root = React.useRef<HTMLDivElement>(null);
  const toggle = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => setHydrated(true), []);
  const [chosen, setChosen] = React.useState(quantity);
  React.useEffect(() => setChosen(quantity), [quantity]);
  // A quantity typed into the add-to-cart counter before this menu loaded (its input `quantity-<sku>`).
  React.useEffect(() => {
    const typed = Number((document.getElementById(`quantity-${sku}`) as HTMLInputElement | null)?.value);
    if (Number.isInteger(typed) && typed >= 1) setChosen(typed);
  }, [sku]);
  React.useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ sku: string; quantity: number }>).detail;
      if (detail?.sku === sku && typeof detail.quantity === "number") setChosen(detail.quantity);
    };
    window.addEventListener(CART_QUANTITY_EVENT, listener);
    return () => window.removeEventListener(CART_QUANTITY_EVENT, listener);
  }, [sku]);

  React.useLayoutEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onPointer);
    };
  }, [open]);

  const line = { sku, quantity: Math.min(9999, Math.max(1, Math.floor(chosen) || 1)), name, link };
  const addTo = async (project: ProjectView) => {
    if (!store.actions) return;
    setPending(true);
    const outcome = await store.actions.addLine(project, line);
    setPending(false);
    setOpen(false);
    setMessage(
      outcome.ok
        ? { type: "ok", text: t("account.projectMenu.added", { product: name, project: project.name, count: line.quantity }) }
        : { type: "error", text: errorText(t, outcome.error) },
    );
  };
  const createWith = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!store.actions) return;
    if (!newName.trim()) {
      setMessage({ type: "error", text: t("account.projects.nameRequired") });
      return;
    }
    setPending(true);
    const created = await store.actions.create(newName);
    if (!created.ok || !created.key) {
      setPending(false);
      setMessage({ type: "error", text: errorText(t, created.error) });
      return;
    }
    const outcome = await store.actions.addLine({ key: created.key, name: newName.trim(), updatedAt: "", lines: [] }, line);
    setPending(false);
    setOpen(false);
    setCreating(false);
    setMessage(
      outcome.ok
        ? { type: "ok", text: t("account.projectMenu.added", { product: name, project: newName.trim(), count: line.quantity }) }
        : { type: "error", text: errorText(t, outcome.error) },
    );
    setNewName("");
  };

  const menuId = `project-menu-${sku}`;
  return (
    <div className="project-menu" ref={root} data-testid="project-menu">
      <button
        ref={toggle}
        type="button"
        className="button secondary"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={!hydrated}
        onClick={() => {
          setOpen((value) => !value);
          setMessage(null);
        }}
        data-testid="project-menu-toggle"
      >
        {t("account.projectMenu.button")}
      </button>
      {open ? (
        <div id={menuId} className="project-menu-panel" data-testid="project-menu-panel">
          {store.mode === "loading" ? <p className="muted small">{t("account.loading")}</p> : null}
          {store.mode === "failed" ? <p className="field-error">{t("account.errors.general")}</p> : null}
          {store.actions ? (
            <>
              {creating ? (
                <form noValidate onSubmit={(event) => void createWith(event)} className="project-menu-create">
                  <label htmlFor={`${menuId}-name`}>{t("account.projects.newName")}</label>
                  <input id={`${menuId}-name`} value={newName} maxLength={80} autoFocus onChange={(event) => setNewName(event.target.value)} />
                  <button type="submit" className="button" disabled={pending} data-testid="project-menu-create-submit">
                    {t("account.projectMenu.createAndAdd")}
                  </button>
                </form>
              ) : (
                <button type="button" className="button link" onClick={() => setCreating(true)} data-testid="project-menu-create">
                  {t("account.projectMenu.create")}
                </button>
              )}
              {store.projects.length > 0 ? (
                <ul className="project-menu-list" aria-label={t("account.projectMenu.addTo")}>
                  {store.projects.map((project) => (
                    <li key={project.key}>
                      <button type="button" className="button link" disabled={pending} onClick={() => void addTo(project)} data-testid="project-menu-add">
                        {t("account.projectMenu.addToProject", { project: project.name })}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null}
          <a href={projectsPath} className="project-menu-manage">
            {t("account.projectMenu.manage")}
          </a>
        </div>
      ) : null}
      {message ? (
        <p className={message.type === "ok" ? "ok small" : "field-error"} role={message.type === "ok" ? "status" : "alert"} data-testid="project-menu-message">
          {message.text} {message.type === "ok" ? <a href={projectsPath}>{t("account.projectMenu.manage")}</a> : null}
        </p>
      ) : null}
    </div>
  );
}
