/**
 * One way to read and change projects whoever the visitor is: a signed-in customer's live
 * in the account (`/apiv2/customer/projects`), a guest's in this browser
 * (guest-projects.ts). My projects and the product page's project menu use it alike.
 */
import { mutate } from "swr";
import type { MoneyValue } from "@domain/money";
import type { ProjectAnswer, ProjectDeleted, ProjectsAnswer } from "@domain/api/account";
import type { CartAddAnswer } from "@domain/api/cart";
import { PATHS as COMMERCE_PATHS } from "@site/api/client";
import { addToCart } from "../commerce/hooks";
import { ACCOUNT_PATHS, accountCall, type ApiErrorItem, type Project } from "./api";
import {
  addGuestItem,
  createGuestProject,
  deleteGuestProject,
  removeGuestItem,
  renameGuestProject,
  setGuestQuantity,
  type GuestProject,
} from "./guest-projects";
import { useCustomer, useGuestProjects, useProjects } from "./hooks";

export interface ProjectLine {
  key: string;
  itemId: number | null;
  sku: string;
  name: string;
  link: string | null;
  quantity: number;
  packagePrice: MoneyValue | null;
  available: boolean;
}

export interface ProjectView {
  key: string;
  name: string;
  updatedAt: string;
  lines: ProjectLine[];
}

export interface Outcome {
  ok: boolean;
  error?: ApiErrorItem;
  /** To the cart: how many lines the cart took and how many it refused. */
  added?: number;
  failed?: number;
}

export interface NewLine {
  sku: string;
  quantity: number;
  name: string;
  link: string | null;
}

export interface ProjectActions {
  create(name: string): Promise<Outcome & { key?: string }>;
  rename(project: ProjectView, name: string): Promise<Outcome>;
  remove(project: ProjectView): Promise<Outcome>;
  addLine(project: ProjectView, line: NewLine): Promise<Outcome>;
  setQuantity(project: ProjectView, line: ProjectLine, quantity: number): Promise<Outcome>;
  removeLine(project: ProjectView, line: ProjectLine): Promise<Outcome>;
  /** All lines (`lines` null) or the chosen ones into the cart, in one go. */
  toCart(project: ProjectView, lines: ProjectLine[] | null): Promise<Outcome>;
}

export type ProjectStore =
  | { mode: "loading"; projects: ProjectView[]; actions: null; failed: false }
  | { mode: "failed"; projects: ProjectView[]; actions: null; failed: true; retry: () => void }
  | { mode: "guest" | "customer"; projects: ProjectView[]; actions: ProjectActions; failed: false };

export function fromAccount(project: Project): ProjectView {
  return {
    key: String(project.id),
    name: project.name,
    updatedAt: project.updatedAt,
    lines: project.items.map((item) => ({
      key: String(item.itemId),
      itemId: item.itemId,
      sku: item.sku,
      name: item.name,
      link: item.link,
      quantity: item.quantity,
      packagePrice: item.packagePrice,
      available: item.available,
    })),
  };
}

export function fromBrowser(project: GuestProject): ProjectView {
  return {
    key: project.id,
    name: project.name,
    updatedAt: project.updatedAt,
    lines: project.items.map((item) => ({
      key: item.sku,
      itemId: null,
      sku: item.sku,
      name: item.name,
      link: item.link,
      quantity: item.quantity,
      packagePrice: null,
      available: true,
    })),
  };
}

const done: Outcome = { ok: true };

/** The error that says most: one at a field or with its own code, before the leading summary (`invalid`, `missing`). */
export function telling(errors: ApiErrorItem[]): ApiErrorItem | undefined {
  return errors.find((error) => error.field !== undefined || (error.code !== "invalid" && error.code !== "missing")) ?? errors[0];
}
/** ACCOUNT_FORM_CODES.projectName of domain/account-forms.ts (not imported: that module brings zod into the product page). */
const NAME_REFUSED = "invalid_project_name";

/** What a change of projects answers: the project changed, every project (a merge), or that it was deleted. */
type ProjectChange = ProjectAnswer | ProjectsAnswer | ProjectDeleted;

/** Whether an answer carries `key`; false for none, and for data that is no object at all (a body that is not the contract's). */
function isAnswerWith<K extends "project" | "projects">(data: ProjectChange | null | undefined, key: K): data is Extract<ProjectChange, Record<K, unknown>> {
  return typeof data === "object" && data !== null && key in data;
}

/** After a change in the account: the list (from the answer when it carries one) and the header's count; the list as it is now. */
async function afterAccountChange(data: ProjectChange | null): Promise<Project[] | undefined> {
  const projects = isAnswerWith(data, "projects") ? data.projects : undefined;
  const list = Array.isArray(projects)
    ? await mutate<ProjectsAnswer>(ACCOUNT_PATHS.projects, { projects }, { revalidate: false })
    : await mutate<ProjectsAnswer>(ACCOUNT_PATHS.projects);
  await Promise.all([mutate(ACCOUNT_PATHS.projectCount), mutate(ACCOUNT_PATHS.environment)]);
  return list?.projects;
}

async function accountWrite(
  method: "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<Outcome & { data?: ProjectChange | null; list?: Project[] }> {
  const result = await accountCall<ProjectChange>(method, path, body);
  if (!result.ok) return { ok: false, error: telling(result.errors) };
  const list = await afterAccountChange(result.data);
  return { ok: true, data: result.data, list };
}

export const accountActions: ProjectActions = {
  async create(name) {
    const outcome = await accountWrite("POST", ACCOUNT_PATHS.projects, { name });
    // The new project: from the answer, else the newest of that name in the list read again.
    const project =
      (isAnswerWith(outcome.data, "project") ? outcome.data.project : undefined) ??
      outcome.list?.filter((candidate) => candidate.name === name.trim()).sort((a, b) => b.id - a.id)[0];
    return { ok: outcome.ok, error: outcome.error, key: project ? String(project.id) : undefined };
  },
  rename: (project, name) => accountWrite("PATCH", ACCOUNT_PATHS.project(Number(project.key)), { name }),
  remove: (project) => accountWrite("DELETE", ACCOUNT_PATHS.project(Number(project.key))),
  addLine: (project, line) => accountWrite("POST", ACCOUNT_PATHS.projectItems(Number(project.key)), { sku: line.sku, quantity: line.quantity }),
  setQuantity: (project, line, quantity) => accountWrite("PATCH", ACCOUNT_PATHS.projectItem(Number(project.key), line.itemId!), { quantity }),
  removeLine: (project, line) => accountWrite("DELETE", ACCOUNT_PATHS.projectItem(Number(project.key), line.itemId!)),
  async toCart(project, lines) {
    const body = lines ? { itemIds: lines.map((line) => line.itemId!) } : {};
    const result = await accountCall<CartAddAnswer>("POST", ACCOUNT_PATHS.projectToCart(Number(project.key)), body);
    if (!result.ok || !result.data) return { ok: false, error: telling(result.errors) };
    await mutate(COMMERCE_PATHS.cart, result.data, { revalidate: false });
    return { ok: true, added: lines?.length ?? project.lines.length, failed: 0 };
  },
};

export const browserActions: ProjectActions = {
  async create(name) {
    const project = createGuestProject(name);
    return project ? { ok: true, key: project.id } : { ok: false, error: { message: "", code: NAME_REFUSED } };
  },
  async rename(project, name) {
    return renameGuestProject(project.key, name) ? done : { ok: false, error: { message: "", code: NAME_REFUSED } };
  },
  async remove(project) {
    deleteGuestProject(project.key);
    return done;
  },
  async addLine(project, line) {
    return addGuestItem(project.key, line) ? done : { ok: false, error: { message: "", code: "project_full" } };
  },
  async setQuantity(project, line, quantity) {
    setGuestQuantity(project.key, line.sku, quantity);
    return done;
  },
  async removeLine(project, line) {
    removeGuestItem(project.key, line.sku);
    return done;
  },
  /** A guest's lines go to the cart one after the other (the cart API takes one product per call). */
  async toCart(project, lines) {
    let added = 0;
    let failed = 0;
    let error: ApiErrorItem | undefined;
    for (const line of lines ?? project.lines) {
      const result = await addToCart(line.sku, line.quantity);
      if (result.ok) added += 1;
      else {
        failed += 1;
        error ??= telling(result.errors);
      }
    }
    return { ok: failed === 0, added, failed, error };
  },
};

/** The visitor's projects and what can be done with them. */
export function useProjectStore(): ProjectStore {
  const customer = useCustomer();
  const signedIn = Boolean(customer.data?.customer);
  const account = useProjects(signedIn);
  const guest = useGuestProjects();
  if (customer.data === undefined && !customer.error) return { mode: "loading", projects: [], actions: null, failed: false };
  if (!signedIn) return { mode: "guest", projects: guest.map(fromBrowser), actions: browserActions, failed: false };
  if (account.error) return { mode: "failed", projects: [], actions: null, failed: true, retry: () => void account.mutate() };
  if (!account.data) return { mode: "loading", projects: [], actions: null, failed: false };
  return { mode: "customer", projects: account.data.projects.map(fromAccount), actions: accountActions, failed: false };
}
