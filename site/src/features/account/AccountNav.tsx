import React from "react";
import { navigate } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { showToast } from "@site/lib/toast-store";
import type { Customer } from "./api";
import { useAccountSettings } from "./context";
import { signOut, useCustomer } from "./hooks";
import { loginWithReturn } from "./return-path";
import { Loading } from "./ui";

export type AccountSection = "orders" | "offers" | "projects" | "profile" | "address" | "password";

/** The account menu: my orders (and their details), offers, projects, my data, my address, the password; and the logout. */
export function AccountNav({ current, customer }: { current: AccountSection; customer: Customer | null }) {
  const { t } = useTranslation("account");
  const { paths, home } = useAccountSettings();
  const [pending, setPending] = React.useState(false);
  const links: [AccountSection, string][] = [
    ["orders", paths.orders],
    ["offers", paths.offers],
    ["projects", paths.projects],
    ["profile", paths.profile],
    ["address", paths.address],
    ["password", paths.password],
  ];
  const logout = async () => {
    setPending(true);
    const done = await signOut();
    setPending(false);
    if (!done) {
      showToast({ type: "error", message: t("account.errors.general") });
      return;
    }
    showToast({ type: "success", message: t("account.nav.signedOut") });
    await navigate(home);
  };
  return (
    <nav className="account-nav" aria-label={t("account.nav.label")} data-testid="account-nav">
      {customer ? <p className="account-greeting">{t("account.nav.greeting", { name: customer.firstName })}</p> : null}
      <ul>
        {links.map(([section, href]) => (
          <li key={section}>
            <a href={href} aria-current={section === current ? "page" : undefined} className={section === current ? "active" : undefined}>
              {t(`account.nav.${section}`)}
            </a>
          </li>
        ))}
      </ul>
      {customer ? (
        <button type="button" className="button link" disabled={pending} onClick={() => void logout()} data-testid="logout">
          {t("account.nav.logout")}
        </button>
      ) : null}
    </nav>
  );
}

/** The address of the current page (path and query), the return path of a login. */
export function currentPath(): string {
  return typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;
}

/**
 * A screen only a signed-in customer sees: signed out, the visitor goes to the login with
 * this page as the return path; while the customer loads, a loading note.
 */
export function RequireCustomer({ children }: { children: (customer: Customer) => React.ReactNode }) {
  const { t } = useTranslation("account");
  const { paths } = useAccountSettings();
  const { data, error, mutate } = useCustomer();
  const status = (error as { status?: number } | undefined)?.status;
  const signedOut = (data !== undefined && data.customer === null) || status === 401;
  React.useEffect(() => {
    if (signedOut) void navigate(loginWithReturn(paths.login, currentPath()), { replace: true });
  }, [signedOut, paths.login]);
  if (signedOut)
    return (
      <p className="muted" role="status" data-testid="to-login">
        {t("account.toLogin")}
      </p>
    );
  if (error)
    return (
      <div className="notice" role="alert">
        <p>{t("account.errors.general")}</p>
        <button type="button" className="button secondary" onClick={() => void mutate()}>
          {t("account.retry")}
        </button>
      </div>
    );
  if (!data?.customer) return <Loading />;
  return <>{children(data.customer)}</>;
}

/** Account navigation beside a screen. */
export function AccountLayout({ current, customer, children }: { current: AccountSection; customer: Customer | null; children: React.ReactNode }) {
  return (
    <div className="account-layout">
      <AccountNav current={current} customer={customer} />
      <div className="account-main">{children}</div>
    </div>
  );
}
