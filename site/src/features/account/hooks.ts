/**
 * swr hooks over the account calls (keys are the API paths, shared with the header), and
 * what happens around a sign-in and a sign-out: the customer, the header's environment,
 * the projects and the cart are read again; a guest's browser projects go to the account.
 */
import React from "react";
import useSWR, { mutate } from "swr";
import type { OrderAnswer, OrderListPage } from "@domain/api/orders";
import { PATHS as COMMERCE_PATHS } from "@site/api/client";
import type { CustomerAnswer, MaybeCustomerAnswer, ProjectsAnswer, SignedOut } from "@domain/api/account";
import { ACCOUNT_PATHS, accountCall, fetchAccount, type AccountEnvironment, type ApiResult, type Customer } from "./api";
import { mergeGuestProjects, readGuestProjects, subscribeGuestProjects, type GuestProject } from "./guest-projects";

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

export function useCustomer() {
  return useSWR<MaybeCustomerAnswer>(ACCOUNT_PATHS.customer, fetchAccount, quiet);
}

export function useAccountEnvironment() {
  return useSWR<AccountEnvironment>(ACCOUNT_PATHS.environment, fetchAccount, quiet);
}

export function useCustomerOrders(before: string | null) {
  return useSWR<OrderListPage>(ACCOUNT_PATHS.orders(before), fetchAccount, quiet);
}

export function useCustomerOrder(number: string | null) {
  return useSWR<OrderAnswer>(number ? ACCOUNT_PATHS.order(number) : null, fetchAccount, quiet);
}

/** The account's projects; only asked for a signed-in customer. */
export function useProjects(signedIn: boolean) {
  return useSWR<ProjectsAnswer>(signedIn ? ACCOUNT_PATHS.projects : null, fetchAccount, quiet);
}

/** The projects kept in this browser, live (this tab and others). */
export function useGuestProjects(): GuestProject[] {
  const [projects, setProjects] = React.useState<GuestProject[]>([]);
  React.useEffect(() => {
    setProjects(readGuestProjects());
    return subscribeGuestProjects(() => setProjects(readGuestProjects()));
  }, []);
  return projects;
}

/** Everything that shows who is signed in or what they keep, read again. */
async function refreshAccountViews(): Promise<void> {
  await Promise.all([
    mutate(ACCOUNT_PATHS.environment),
    mutate(ACCOUNT_PATHS.projects),
    mutate(ACCOUNT_PATHS.projectCount),
    mutate(COMMERCE_PATHS.cart),
    mutate((key) => typeof key === "string" && key.startsWith("/apiv2/customer/orders")),
  ]);
}

let merging: Promise<unknown> | null = null;

/** Sends the browser's projects to the account (once at a time; again after a failure). */
export function mergeIntoAccount(): Promise<unknown> {
  merging ??= mergeGuestProjects(accountCall).finally(() => {
    merging = null;
  });
  return merging;
}

/**
 * After a sign-in (login, verified e-mail, new password): the customer is known, the
 * guest's projects go to the account, and the header, projects and cart are read again.
 */
export async function afterSignIn(customer: Customer): Promise<void> {
  await mutate(ACCOUNT_PATHS.customer, { customer }, { revalidate: false });
  await mergeIntoAccount();
  await refreshAccountViews();
}

/** Signs out (this session only); the screens then show the signed-out state. */
export async function signOut(): Promise<boolean> {
  const result = await accountCall<SignedOut>("POST", ACCOUNT_PATHS.logout, {});
  if (!result.ok) return false;
  await mutate(ACCOUNT_PATHS.customer, { customer: null }, { revalidate: false });
  await mutate(ACCOUNT_PATHS.projects, undefined, { revalidate: false });
  await refreshAccountViews();
  return true;
}

/**
 * Writes changes of the signed-in customer (PATCH: data and address; POST: the password) and,
 * on success, shows the answer's customer everywhere at once (the greeting, the screens).
 */
export async function saveCustomer(method: "PATCH" | "POST", path: string, body: unknown): Promise<ApiResult<CustomerAnswer>> {
  const result = await accountCall<CustomerAnswer>(method, path, body);
  if (result.ok && result.data) {
    await mutate(ACCOUNT_PATHS.customer, { customer: result.data.customer }, { revalidate: false });
    await mutate(ACCOUNT_PATHS.environment);
  }
  return result;
}
