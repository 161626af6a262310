/**
 * A guest's projects, kept in the browser (localStorage) until they sign in: named lists
 * of products with quantities. Right after a sign-in they go to the account
 * through `POST /apiv2/customer/projects/merge` (merged by name there, quantities summed)
 * and are cleared here, without losing a line:
 *
 * - The merge that is sent is first written down with its Idempotency-Key (`pending`): a
 *   merge cut off by a closed tab or a network failure is sent again with the same key and
 *   the same lines, so the shop API runs it once and nothing is summed twice.
 * - On success exactly the sent quantities are taken off the local lists, so what another
 *   tab added meanwhile stays for the next merge; nothing is cleared before the account
 *   has it.
 *
 * What is read back from localStorage is checked like any input (another script, an old
 * version or a hand-edited value may have written it).
 */
import { ACCOUNT_PATHS, newIdempotencyKey, type ApiResult, type CallOptions, type Method } from "./api";

export const GUEST_PROJECTS_KEY = "bh:guest-projects";
export const MAX_PROJECTS = 50;
export const MAX_ITEMS = 200;
export const MAX_QUANTITY = 9999;
export const MAX_NAME_LENGTH = 80;

export interface GuestProjectItem {
  sku: string;
  quantity: number;
  name: string;
  link: string | null;
}

export interface GuestProject {
  id: string;
  name: string;
  updatedAt: string;
  items: GuestProjectItem[];
}

export interface MergePayload {
  projects: { name: string; items: { sku: string; quantity: number }[] }[];
}

interface PendingMerge {
  key: string;
  payload: MergePayload;
  /** What was sent, per local project: taken off once the account has it. */
  sent: { id: string; items: { sku: string; quantity: number }[] }[];
}

interface StoredState {
  version: 1;
  projects: GuestProject[];
  pending: PendingMerge | null;
}

/** The part of Storage used here (tests give their own). */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const EMPTY: StoredState = { version: 1, projects: [], pending: null };

function browserStore(): KeyValueStore | null {
  try {
    return typeof window !== "undefined" && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A project name as stored: trimmed, single spaces, no control characters, at most 80 characters; empty when nothing is left. */
export function cleanName(value: unknown): string {
  if (typeof value !== "string") return "";
  return [
    ...value
      .normalize("NFC")
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  ]
    .slice(0, MAX_NAME_LENGTH)
    .join("")
    .trim();
}

/** A whole number of packages, 1 to 9999; anything else is no quantity (null). */
export function cleanQuantity(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const whole = Math.floor(value);
  return whole >= 1 ? Math.min(whole, MAX_QUANTITY) : null;
}

const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const isSku = (value: unknown): value is string => typeof value === "string" && SKU.test(value);
/** Only same-origin product paths are kept as links. */
const cleanLink = (value: unknown): string | null => (typeof value === "string" && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : null);

function cleanItems(value: unknown): { sku: string; quantity: number }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item) || !isSku(item.sku)) return [];
    const quantity = cleanQuantity(item.quantity);
    return quantity ? [{ sku: item.sku, quantity }] : [];
  });
}

function cleanProject(value: unknown): GuestProject | null {
  if (!isRecord(value) || typeof value.id !== "string" || !/^[A-Za-z0-9-]{1,64}$/.test(value.id)) return null;
  const name = cleanName(value.name);
  if (!name) return null;
  const items: GuestProjectItem[] = [];
  for (const item of Array.isArray(value.items) ? value.items : []) {
    if (!isRecord(item) || !isSku(item.sku)) continue;
    const quantity = cleanQuantity(item.quantity);
    if (!quantity) continue;
    const same = items.find((other) => other.sku === item.sku);
    if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + quantity);
    else if (items.length < MAX_ITEMS) items.push({ sku: item.sku, quantity, name: cleanName(item.name) || item.sku, link: cleanLink(item.link) });
  }
  const updatedAt = typeof value.updatedAt === "string" && !Number.isNaN(Date.parse(value.updatedAt)) ? value.updatedAt : new Date(0).toISOString();
  return { id: value.id, name, updatedAt, items };
}

function cleanPending(value: unknown): PendingMerge | null {
  if (!isRecord(value) || typeof value.key !== "string" || !/^[A-Za-z0-9-]{8,128}$/.test(value.key)) return null;
  const payload = isRecord(value.payload) && Array.isArray(value.payload.projects) ? value.payload.projects : null;
  if (!payload || !Array.isArray(value.sent)) return null;
  const projects = payload.flatMap((project: unknown) => {
    if (!isRecord(project)) return [];
    const name = cleanName(project.name);
    return name ? [{ name, items: cleanItems(project.items) }] : [];
  });
  const sent = value.sent.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.id === "string" ? [{ id: entry.id, items: cleanItems(entry.items) }] : [],
  );
  return { key: value.key, payload: { projects }, sent };
}

function readState(store: KeyValueStore | null): StoredState {
  if (!store) return EMPTY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(store.getItem(GUEST_PROJECTS_KEY) ?? "null");
  } catch {
    return EMPTY;
  }
  if (!isRecord(parsed)) return EMPTY;
  const projects = (Array.isArray(parsed.projects) ? parsed.projects : [])
    .map(cleanProject)
    .filter((project): project is GuestProject => project !== null)
    .slice(0, MAX_PROJECTS);
  return { version: 1, projects, pending: cleanPending(parsed.pending) };
}

const listeners = new Set<() => void>();

function writeState(store: KeyValueStore | null, state: StoredState): void {
  if (!store) return;
  try {
    if (state.projects.length === 0 && !state.pending) store.removeItem(GUEST_PROJECTS_KEY);
    else store.setItem(GUEST_PROJECTS_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the change stays unsaved, like any write the browser refuses.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` after every change, in this tab and (through the storage event) in others. */
export function subscribeGuestProjects(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GUEST_PROJECTS_KEY) listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

export function readGuestProjects(store: KeyValueStore | null = browserStore()): GuestProject[] {
  return readState(store).projects;
}

/** The header's counter for guests: the number of projects in this browser. */
export function guestProjectCount(store: KeyValueStore | null = browserStore()): number {
  return readState(store).projects.length;
}

function update(store: KeyValueStore | null, change: (projects: GuestProject[]) => GuestProject[]): GuestProject[] {
  const state = readState(store);
  const projects = change(state.projects.map((project) => ({ ...project, items: project.items.map((item) => ({ ...item })) })));
  writeState(store, { ...state, projects });
  return projects;
}

const now = () => new Date().toISOString();

function newId(): string {
  return newIdempotencyKey()
    .replace(/[^A-Za-z0-9-]/g, "")
    .slice(0, 36);
}

/** Creates a project (null when the name is empty or the browser already keeps the most projects it may). */
export function createGuestProject(name: string, store: KeyValueStore | null = browserStore()): GuestProject | null {
  const clean = cleanName(name);
  if (!clean || readState(store).projects.length >= MAX_PROJECTS) return null;
  const project: GuestProject = { id: newId(), name: clean, updatedAt: now(), items: [] };
  update(store, (projects) => [...projects, project]);
  return project;
}

export function renameGuestProject(id: string, name: string, store: KeyValueStore | null = browserStore()): boolean {
  const clean = cleanName(name);
  if (!clean) return false;
  let found = false;
  update(store, (projects) =>
    projects.map((project) => {
      if (project.id !== id) return project;
      found = true;
      return { ...project, name: clean, updatedAt: now() };
    }),
  );
  return found;
}

export function deleteGuestProject(id: string, store: KeyValueStore | null = browserStore()): void {
  update(store, (projects) => projects.filter((project) => project.id !== id));
}

/** Adds a product to a project; the same product again sums its quantity (at most 9999). */
export function addGuestItem(
  id: string,
  item: { sku: string; quantity: number; name: string; link: string | null },
  store: KeyValueStore | null = browserStore(),
): boolean {
  const quantity = cleanQuantity(item.quantity);
  if (!quantity || !isSku(item.sku)) return false;
  let added = false;
  update(store, (projects) =>
    projects.map((project) => {
      if (project.id !== id) return project;
      const same = project.items.find((line) => line.sku === item.sku);
      if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + quantity);
      else if (project.items.length < MAX_ITEMS)
        project.items.push({ sku: item.sku, quantity, name: cleanName(item.name) || item.sku, link: cleanLink(item.link) });
      else return project;
      added = true;
      return { ...project, updatedAt: now() };
    }),
  );
  return added;
}

export function setGuestQuantity(id: string, sku: string, quantity: number, store: KeyValueStore | null = browserStore()): void {
  const clean = cleanQuantity(quantity);
  if (!clean) return;
  update(store, (projects) =>
    projects.map((project) =>
      project.id === id
        ? { ...project, updatedAt: now(), items: project.items.map((item) => (item.sku === sku ? { ...item, quantity: clean } : item)) }
        : project,
    ),
  );
}

export function removeGuestItem(id: string, sku: string, store: KeyValueStore | null = browserStore()): void {
  update(store, (projects) =>
    projects.map((project) => (project.id === id ? { ...project, updatedAt: now(), items: project.items.filter((item) => item.sku !== sku) } : project)),
  );
}

/** The body of the merge call: every project with every line (an empty project too: the guest made it). */
export function mergePayload(projects: GuestProject[]): MergePayload {
  return { projects: projects.map((project) => ({ name: project.name, items: project.items.map((item) => ({ sku: item.sku, quantity: item.quantity })) })) };
}

/** Takes what was sent off the local lists; projects that were sent and have nothing left go. */
function withoutSent(projects: GuestProject[], sent: PendingMerge["sent"]): GuestProject[] {
  const sentById = new Map(sent.map((entry) => [entry.id, entry.items]));
  return projects.flatMap((project) => {
    const sentItems = sentById.get(project.id);
    if (!sentItems) return [project];
    const items = project.items.flatMap((item) => {
      const taken = sentItems.filter((line) => line.sku === item.sku).reduce((sum, line) => sum + line.quantity, 0);
      const left = item.quantity - taken;
      return left > 0 ? [{ ...item, quantity: left }] : [];
    });
    return items.length > 0 ? [{ ...project, items }] : [];
  });
}

/** Status codes after which the same merge is worth sending again with the same key. */
const RETRYABLE = (status: number) => status === 0 || status === 409 || status === 429 || status >= 500;

export type MergeCall = (method: Method, path: string, body: unknown, options: CallOptions) => Promise<ApiResult<unknown>>;

export type MergeOutcome = "nothing" | "merged" | "failed";

/**
 * Sends the browser's projects to the account (after a sign-in) and clears what the account
 * now has. Safe to call again at any time: a merge that did not finish is repeated with its
 * own key and lines first.
 */
export async function mergeGuestProjects(call: MergeCall, store: KeyValueStore | null = browserStore()): Promise<MergeOutcome> {
  let state = readState(store);
  let pending = state.pending;
  if (!pending) {
    if (state.projects.length === 0) return "nothing";
    pending = {
      key: newIdempotencyKey(),
      payload: mergePayload(state.projects),
      sent: state.projects.map((project) => ({ id: project.id, items: project.items.map((item) => ({ sku: item.sku, quantity: item.quantity })) })),
    };
    writeState(store, { ...state, pending });
  }
  const result = await call("POST", ACCOUNT_PATHS.projectsMerge, pending.payload, { idempotencyKey: pending.key });
  state = readState(store);
  if (result.ok) {
    writeState(store, { version: 1, projects: withoutSent(state.projects, pending.sent), pending: null });
    return "merged";
  }
  // Refused for good (bad lines, signed out): forget the attempt, keep every project for the next sign-in.
  if (!RETRYABLE(result.status)) writeState(store, { ...state, pending: null });
  return "failed";
}
