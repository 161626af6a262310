import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Alerts, useAlerts } from "../commerce/alerts";
import { QuantityCounter } from "../commerce/QuantityCounter";
import { AccountLayout } from "./AccountNav";
import { useAccountSettings } from "./context";
import { useCustomer } from "./hooks";
import { useProjectStore, type Outcome, type ProjectActions, type ProjectView } from "./project-store";
import { errorText, formatDay, Loading } from "./ui";

/**
 * My projects: named lists of products with quantities. Create, rename, delete,
 * change quantities, remove lines, and put all or the chosen lines into the cart in one
 * click. A guest's projects are kept in this browser and go to the account at sign-in.
 */
export function Projects() {
  const { data } = useCustomer();
  const customer = data?.customer ?? null;
  const body = <ProjectList />;
  return customer ? (
    <AccountLayout current="projects" customer={customer}>
      {body}
    </AccountLayout>
  ) : (
    body
  );
}

function ProjectList() {
  const { t } = useTranslation("account");
  const { paths } = useAccountSettings();
  const store = useProjectStore();
  const { alerts, show, dismiss } = useAlerts(6000);
  const report = React.useCallback(
    (outcome: Outcome, success?: string) => {
      if (!outcome.ok) show("error", errorText(t, outcome.error));
      else if (success) show("success", success);
    },
    [show, t],
  );
  return (
    <section aria-labelledby="projects-title" className="projects" data-testid="projects">
      <h1 id="projects-title">{t("account.projects.title")}</h1>
      {store.mode === "guest" ? (
        <p className="notice notice-info" data-testid="guest-projects-note">
          {t("account.projects.guestNote")} <a href={paths.login}>{t("account.projects.guestLogin")}</a> ·{" "}
          <a href={paths.register}>{t("account.projects.guestRegister")}</a>
        </p>
      ) : null}
      <Alerts alerts={alerts} onDismiss={dismiss} />
      {store.mode === "loading" ? <Loading /> : null}
      {store.mode === "failed" ? (
        <div className="notice" role="alert">
          <p>{t("account.errors.general")}</p>
          <button type="button" className="button secondary" onClick={store.retry}>
            {t("account.retry")}
          </button>
        </div>
      ) : null}
      {store.actions ? (
        <>
          <CreateProject actions={store.actions} report={report} />
          {store.projects.length === 0 ? <p data-testid="projects-empty">{t("account.projects.empty")}</p> : null}
          {store.projects.map((project) => (
            <ProjectCard key={project.key} project={project} actions={store.actions} report={report} />
          ))}
        </>
      ) : null}
    </section>
  );
}

type Report = (outcome: Outcome, success?: string) => void;

function CreateProject({ actions, report }: { actions: ProjectActions; report: Report }) {
  const { t } = useTranslation("account");
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t("account.projects.nameRequired"));
      return;
    }
    setPending(true);
    const outcome = await actions.create(name);
    setPending(false);
    if (outcome.ok) {
      setName("");
      setError(null);
      report(outcome, t("account.projects.created"));
    } else setError(errorText(t, outcome.error));
  };
  return (
    <form className="project-create" noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-row">
        <label htmlFor="new-project-name">{t("account.projects.newName")}</label>
        <input
          id="new-project-name"
          value={name}
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "new-project-name-error" : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {error ? (
          <span className="field-error" id="new-project-name-error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={pending} data-testid="create-project">
        {t("account.projects.create")}
      </button>
    </form>
  );
}

export function ProjectCard({ project, actions, report }: { project: ProjectView; actions: ProjectActions; report: Report }) {
  const { t } = useTranslation("account");
  const { language } = useAccountSettings();
  const [renaming, setRenaming] = React.useState(false);
  const [name, setName] = React.useState(project.name);
  const [confirmDelete, setConfirmDelete] = React.useState(false);
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [pending, setPending] = React.useState(false);
  const titleId = `project-${project.key}-title`;
  const chosen = project.lines.filter((line) => selected.has(line.key));

  const run = async (work: () => Promise<Outcome>, success?: string) => {
    setPending(true);
    const outcome = await work();
    setPending(false);
    report(outcome, success);
    return outcome;
  };
  const toCart = async (all: boolean) => {
    const lines = all ? null : chosen;
    const outcome = await run(() => actions.toCart(project, lines));
    if (outcome.ok) {
      report(outcome, t("account.projects.inCart", { count: outcome.added ?? 0 }));
      setSelected(new Set());
    } else if ((outcome.added ?? 0) > 0) report({ ok: true }, t("account.projects.partlyInCart", { added: outcome.added, failed: outcome.failed }));
  };

  return (
    <article className="project-card" aria-labelledby={titleId} data-testid="project" data-name={project.name}>
      <header className="project-head">
        {renaming ? (
          <form
            className="project-rename"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => actions.rename(project, name), t("account.projects.renamed")).then((outcome) => outcome.ok && setRenaming(false));
            }}
          >
            <label htmlFor={`${titleId}-name`} className="visually-hidden">
              {t("account.projects.name")}
            </label>
            <input id={`${titleId}-name`} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
            <button type="submit" className="button" disabled={pending || !name.trim()}>
              {t("account.projects.save")}
            </button>
            <button
              type="button"
              className="button link"
              onClick={() => {
                setRenaming(false);
                setName(project.name);
              }}
            >
              {t("account.projects.cancel")}
            </button>
          </form>
        ) : (
          <h2 id={titleId}>{project.name}</h2>
        )}
        <p className="muted small">{t("account.projects.updated", { date: formatDay(project.updatedAt, language) })}</p>
        {!renaming ? (
          <div className="project-tools">
            <button type="button" className="button link" onClick={() => setRenaming(true)}>
              {t("account.projects.rename")}
            </button>
            <button type="button" className="button link" onClick={() => setConfirmDelete(true)}>
              {t("account.projects.delete")}
            </button>
          </div>
        ) : null}
        {confirmDelete ? (
          <div className="confirm-popup" role="alertdialog" aria-labelledby={`${titleId}-delete`}>
            <p id={`${titleId}-delete`}>{t("account.projects.deleteQuestion", { name: project.name })}</p>
            <button type="button" className="button" disabled={pending} onClick={() => void run(() => actions.remove(project), t("account.projects.deleted"))}>
              {t("account.projects.deleteConfirm")}
            </button>{" "}
            <button type="button" className="button link" onClick={() => setConfirmDelete(false)}>
              {t("account.projects.cancel")}
            </button>
          </div>
        ) : null}
      </header>
      {project.lines.length === 0 ? (
        <p className="muted">{t("account.projects.noLines")}</p>
      ) : (
        <>
          <ul className="project-lines">
            {project.lines.map((line) => (
              <li key={line.key} className="project-line" data-testid="project-line" data-sku={line.sku}>
                <label className="project-line-choice">
                  <input
                    type="checkbox"
                    checked={selected.has(line.key)}
                    onChange={(event) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.add(line.key);
                        else next.delete(line.key);
                        return next;
                      })
                    }
                  />
                  <span className="visually-hidden">{t("account.projects.choose", { name: line.name })}</span>
                </label>
                <span className="project-line-name">
                  {line.link ? <a href={line.link}>{line.name}</a> : line.name}
                  <br />
                  <span className="muted small">{t("account.order.sku", { sku: line.sku })}</span>
                  {!line.available ? <span className="warning small"> {t("account.projects.unavailable")}</span> : null}
                </span>
                <QuantityCounter
                  id={`project-${project.key}-${line.key}`}
                  value={line.quantity}
                  onChange={(quantity) => void run(() => actions.setQuantity(project, line, quantity))}
                />
                {line.packagePrice ? <span className="project-line-price">{line.packagePrice.formattedWithCurrency}</span> : null}
                <button type="button" className="button link" disabled={pending} onClick={() => void run(() => actions.removeLine(project, line))}>
                  {t("account.projects.removeLine")}
                </button>
              </li>
            ))}
          </ul>
          <div className="project-cart">
            <button type="button" className="button" disabled={pending} onClick={() => void toCart(true)} data-testid="project-all-to-cart">
              {t("account.projects.allToCart")}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={pending || chosen.length === 0}
              onClick={() => void toCart(false)}
              data-testid="project-selected-to-cart"
            >
              {t("account.projects.selectedToCart", { count: chosen.length })}
            </button>
          </div>
        </>
      )}
    </article>
  );
}
