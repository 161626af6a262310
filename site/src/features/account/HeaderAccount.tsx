import React from "react";
import useSWR from "swr";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProjectCount } from "@domain/api/account";
import { ACCOUNT_PATHS, fetchAccount, type AccountEnvironment } from "./api";
import { mergeIntoAccount, useAccountEnvironment, useGuestProjects } from "./hooks";
import type { AccountPaths } from "./paths";
import { safeReturnPath } from "./return-path";

/** Who the header greets: signed in (with the first name) or not, from /apiv2/environment. */
export function headerCustomer(environment: AccountEnvironment | undefined): { signedIn: boolean; firstName: string | null } {
  const customer = environment?.environment.customer;
  return { signedIn: customer?.signedIn === true, firstName: customer?.firstName?.trim() || null };
}

/** The account's project count when /apiv2/environment carries it (else null: the count call answers). */
export function environmentProjectCount(environment: AccountEnvironment | undefined): number | null {
  const value = environment?.environment.projects?.count;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

/** A link the environment hands out, when it is a path of this shop; else the screen's own path. */
export function environmentLink(url: string | undefined, fallback: string): string {
  return safeReturnPath(url) ?? fallback;
}

/** The number of projects the header shows: the account's for a customer, this browser's for a guest. */
export function useProjectCount(): number {
  const { data: environment } = useAccountEnvironment();
  const { signedIn } = headerCustomer(environment);
  const fromEnvironment = environmentProjectCount(environment);
  const { data: counted } = useSWR<ProjectCount>(signedIn && fromEnvironment === null ? ACCOUNT_PATHS.projectCount : null, fetchAccount, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const guest = useGuestProjects();
  if (!signedIn) return guest.length;
  return fromEnvironment ?? counted?.count ?? 0;
}

/** Header project counter: the real number, linking to my projects. */
export function ProjectCounter({ href }: { href: string }) {
  const { t } = useTranslation();
  const count = useProjectCount();
  return (
    <a className="header-counter" href={href} data-slot="project-counter" rel="nofollow">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M4 4h7l2 2h7v14H4zm2 4v10h12V8z" fill="currentColor" />
      </svg>
      <span className="counter-label">{t("header.projects")}</span>
      <span className="badge" aria-hidden="true" data-testid="project-count">
        {count}
      </span>
      <span className="visually-hidden">{t("header.projectCount", { count })}</span>
    </a>
  );
}

/**
 * The header's account entry: signed out, the login and sign-up links the environment hands
 * out; signed in, a link to the account with the first name. A guest's browser projects
 * that have not reached the account yet (an interrupted merge) go there now.
 */
export function HeaderAccount({ paths }: { paths: AccountPaths }) {
  const { t } = useTranslation("account");
  const { data } = useAccountEnvironment();
  const { signedIn, firstName } = headerCustomer(data);
  const guestProjects = useGuestProjects();
  const pendingMerge = signedIn && guestProjects.length > 0;
  React.useEffect(() => {
    if (pendingMerge) void mergeIntoAccount();
  }, [pendingMerge]);

  if (signedIn)
    return (
      <a className="header-account" href={paths.orders} data-testid="header-account" rel="nofollow">
        {firstName ? t("account.header.greeting", { name: firstName }) : t("account.header.account")}
      </a>
    );
  const navigation = data?.environment.navigation;
  return (
    <span className="header-account" data-testid="header-login">
      <a href={environmentLink(navigation?.loginLink.url, paths.login)} rel="nofollow">
        {t("account.header.login")}
      </a>
      <span aria-hidden="true"> · </span>
      <a href={environmentLink(navigation?.signUpLink.url, paths.register)} rel="nofollow">
        {t("account.header.register")}
      </a>
    </span>
  );
}
