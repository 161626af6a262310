/**
 * Projects: a signed-in customer's named lists of products with
 * quantities for a building project. Guests keep theirs in the browser and merge them into
 * the account after signing in.
 *
 *   GET    /apiv2/customer/projects                         -> {projects: Project[]}
 *   GET    /apiv2/customer/projects/count                   -> {count}
 *   POST   /apiv2/customer/projects                         {name} -> {project}
 *   PATCH  /apiv2/customer/projects/{id}                    {name} -> {project}
 *   DELETE /apiv2/customer/projects/{id}                    -> {deleted: true}
 *   POST   /apiv2/customer/projects/{id}/items              {sku, quantity} -> {project} (a product the project has: quantities summed)
 *   PATCH  /apiv2/customer/projects/{id}/items/{itemId}     {quantity} -> {project}
 *   DELETE /apiv2/customer/projects/{id}/items/{itemId}     -> {project}
 *   POST   /apiv2/customer/projects/{id}/to-cart            {itemIds?} -> the cart (as POST /apiv2/cart answers it)
 *   POST   /apiv2/customer/projects/merge                   {projects: [{name, items: [{sku, quantity}]}]} -> {projects}
 *
 * Without a session: 401 `not_signed_in`. Another customer's project or line is 404 like one
 * that never was (every statement names the customer). Concurrent changes lose nothing: an
 * addition is one atomic upsert that sums into the product's line; a merge sums every line
 * in (by project name, case-insensitive for ASCII), in one transaction, never dropping a
 * line (quantities are capped at MAX_QUANTITY); with an Idempotency-Key a repeated merge
 * changes nothing (core/idempotency.ts).
 */
import type { Project, ProjectItem } from "@domain/account";
import type { AccountRefusalCode, ProjectAnswer, ProjectCount, ProjectDeleted, ProjectsAnswer } from "@domain/api/account";
import type { CartAddAnswer } from "@domain/api/cart";
import {
  MAX_MERGED_LINES,
  MAX_PROJECT_ITEMS,
  projectItemQuantitySchema,
  projectItemSchema,
  projectMergeSchema,
  projectSchema,
  projectToCartSchema,
} from "@domain/account-forms";
import { money } from "@domain/money";
import { slugPath } from "@domain/routes";
import { unitLabel } from "@worker/lib/labels";
import { sql } from "@worker/lib/sql";
import { ACCOUNT_FORM_TEXTS } from "../core/account-form-texts";
import type { ShopContext } from "../core/context";
import { requireCustomer } from "../core/customer-session";
import { fail, invalid, MESSAGES, notFound } from "../core/envelope";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import {
  addProjectItem,
  deleteProjectItem,
  mergeProjectItems,
  selectProjectItems,
  setProjectItemQuantity,
  type ProjectItemViewRow,
} from "../tables/project-items";
import { listedIn } from "../tables/products";
import {
  countProjects,
  deleteProject,
  ensureProjectNamed,
  insertProject,
  projectHeadOf,
  selectProject,
  selectProjects,
  touchProject,
  type ProjectRow,
} from "../tables/projects";
import { ACCOUNT_MESSAGES } from "./messages";

/** A customer has at most this many projects (a merge may bring more: it never drops one). */
export const MAX_PROJECTS = 100;

function idOf(text: string | undefined): number {
  if (!text || !/^[1-9][0-9]{0,14}$/.test(text)) throw notFound();
  return Number(text);
}

function itemViewOf(ctx: ShopContext, row: ProjectItemViewRow): ProjectItem {
  return {
    itemId: row.id,
    sku: row.sku,
    name: row.title,
    link: row.listed && row.slug ? slugPath(ctx.shop, ctx.language, row.slug) : null,
    image: row.image ? { src: row.image, alt: row.title } : null,
    quantity: row.quantity,
    unit: row.unit ?? "",
    unitLabel: row.unit ? unitLabel(row.unit, ctx.language) : "",
    packagePrice: row.listed && row.package_price !== null ? money(row.package_price, ctx.shop.currency, ctx.language) : null,
    available: row.available === 1,
  };
}

/** The customer's projects (all, or the listed ones) with their lines, newest change first. */
async function readProjects(ctx: ShopContext, customerId: string, only?: number[]): Promise<Project[]> {
  const heads = only
    ? sql`SELECT id, name, updated_at FROM projects WHERE customer_id = ${customerId} AND id IN (SELECT value FROM json_each(${JSON.stringify(only)}))
    ORDER BY updated_at DESC, id DESC`
    : selectProjects(customerId);
  const [projects, items] = await ctx.db.batch([heads.prepare(ctx.db), selectProjectItems(customerId, ctx.shop.id, ctx.language, only).prepare(ctx.db)]);
  const byProject = new Map<number, ProjectItem[]>();
  for (const row of items!.results as ProjectItemViewRow[]) {
    const list = byProject.get(row.project_id) ?? [];
    list.push(itemViewOf(ctx, row));
    byProject.set(row.project_id, list);
  }
  return (projects!.results as Pick<ProjectRow, "id" | "name" | "updated_at">[]).map((row) => ({ ...projectHeadOf(row), items: byProject.get(row.id) ?? [] }));
}

async function readProject(ctx: ShopContext, customerId: string, projectId: number): Promise<Project> {
  const [project] = await readProjects(ctx, customerId, [projectId]);
  if (!project) throw notFound();
  return project;
}

/** GET /apiv2/customer/projects */
export async function projectList(ctx: ShopContext): Promise<Reply<ProjectsAnswer>> {
  const { customer } = await requireCustomer(ctx);
  return reply({ projects: await readProjects(ctx, customer.id) });
}

/** GET /apiv2/customer/projects/count (the header's counter). */
export async function projectCount(ctx: ShopContext): Promise<Reply<ProjectCount>> {
  const { customer } = await requireCustomer(ctx);
  const row = await countProjects(customer.id).prepare(ctx.db).first<{ n: number }>();
  return reply({ count: row?.n ?? 0 });
}

const nameTaken = () => fail(409, ACCOUNT_MESSAGES.projectNameTaken, "project_name_taken" satisfies AccountRefusalCode, { field: "name" });

/** POST /apiv2/customer/projects {name} */
export async function createProject(ctx: ShopContext): Promise<Reply<ProjectAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const { name } = validate(projectSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  const [inserted, existing] = await ctx.db.batch([
    insertProject(customer.id, name, ctx.now, MAX_PROJECTS).prepare(ctx.db),
    sql`SELECT COUNT(*) AS n FROM projects WHERE customer_id = ${customer.id} AND name = ${name}`.prepare(ctx.db),
  ]);
  const row = inserted!.results[0] as Pick<ProjectRow, "id" | "name" | "updated_at"> | undefined;
  if (!row) {
    if ((existing!.results[0] as { n: number }).n > 0) throw nameTaken();
    throw fail(409, ACCOUNT_MESSAGES.projectLimit, "project_limit" satisfies AccountRefusalCode);
  }
  return reply({ project: { ...projectHeadOf(row), items: [] } satisfies Project });
}

/** PATCH /apiv2/customer/projects/{id} {name} */
export async function renameProject(ctx: ShopContext, params: Params): Promise<Reply<ProjectAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const projectId = idOf(params.id);
  const { name } = validate(projectSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  const [renamed, project] = await ctx.db.batch([
    sql`UPDATE projects SET name = ${name}, updated_at = ${ctx.now.toISOString()}
      WHERE id = ${projectId} AND customer_id = ${customer.id}
        AND NOT EXISTS (SELECT 1 FROM projects other WHERE other.customer_id = ${customer.id} AND other.name = ${name} AND other.id <> ${projectId})`.prepare(
      ctx.db,
    ),
    selectProject(customer.id, projectId).prepare(ctx.db),
  ]);
  if (!project!.results[0]) throw notFound();
  if ((renamed!.meta.changes ?? 0) === 0) throw nameTaken();
  return reply({ project: await readProject(ctx, customer.id, projectId) });
}

/** DELETE /apiv2/customer/projects/{id} */
export async function removeProject(ctx: ShopContext, params: Params): Promise<Reply<ProjectDeleted>> {
  const { customer } = await requireCustomer(ctx);
  const deleted = await deleteProject(customer.id, idOf(params.id)).prepare(ctx.db).all();
  if (deleted.results.length === 0) throw notFound();
  return reply({ deleted: true as const });
}

/** POST /apiv2/customer/projects/{id}/items {sku, quantity}: a product the shop sells as it is; summed into its line. */
export async function addItem(ctx: ShopContext, params: Params): Promise<Reply<ProjectAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const projectId = idOf(params.id);
  const { sku, quantity } = validate(projectItemSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  const [project, product] = await ctx.db.batch([
    selectProject(customer.id, projectId).prepare(ctx.db),
    sql`SELECT CASE WHEN NOT ${listedIn(ctx.shop.id)} THEN 'unknown_product' WHEN p.type = 'configurable' THEN 'configuration_unavailable' END AS refusal
      FROM (SELECT ${sku} AS sku) k LEFT JOIN products p ON p.sku = k.sku`.prepare(ctx.db),
  ]);
  if (!project!.results[0]) throw notFound();
  const refusal = (product!.results[0] as { refusal: string | null }).refusal;
  if (refusal === ("unknown_product" satisfies AccountRefusalCode))
    throw invalid("sku", MESSAGES.unknownProduct, "unknown_product" satisfies AccountRefusalCode);
  if (refusal) throw invalid("sku", MESSAGES.configurationUnavailable, "configuration_unavailable" satisfies AccountRefusalCode);
  const [added] = await ctx.db.batch([
    addProjectItem(customer.id, projectId, sku, quantity, ctx.now, MAX_PROJECT_ITEMS).prepare(ctx.db),
    touchProject(customer.id, projectId, ctx.now).prepare(ctx.db),
  ]);
  if (added!.results.length === 0) {
    // The project went meanwhile, or it is full.
    await readProject(ctx, customer.id, projectId);
    throw fail(409, ACCOUNT_MESSAGES.projectFull.replace("{max}", String(MAX_PROJECT_ITEMS)), "project_full" satisfies AccountRefusalCode, {
      params: { max: MAX_PROJECT_ITEMS },
    });
  }
  return reply({ project: await readProject(ctx, customer.id, projectId) });
}

/** PATCH /apiv2/customer/projects/{id}/items/{itemId} {quantity} */
export async function setItemQuantity(ctx: ShopContext, params: Params): Promise<Reply<ProjectAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const projectId = idOf(params.id);
  const itemId = idOf(params.itemId);
  const { quantity } = validate(projectItemQuantitySchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  const [changed] = await ctx.db.batch([
    setProjectItemQuantity(customer.id, projectId, itemId, quantity).prepare(ctx.db),
    touchProject(customer.id, projectId, ctx.now).prepare(ctx.db),
  ]);
  if (changed!.results.length === 0) throw notFound();
  return reply({ project: await readProject(ctx, customer.id, projectId) });
}

/** DELETE /apiv2/customer/projects/{id}/items/{itemId} */
export async function removeItem(ctx: ShopContext, params: Params): Promise<Reply<ProjectAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const projectId = idOf(params.id);
  const itemId = idOf(params.itemId);
  const [removed] = await ctx.db.batch([
    deleteProjectItem(customer.id, projectId, itemId).prepare(ctx.db),
    touchProject(customer.id, projectId, ctx.now).prepare(ctx.db),
  ]);
  if (removed!.results.length === 0) throw notFound();
  return reply({ project: await readProject(ctx, customer.id, projectId) });
}

/** A line for the cart as the cart's own add takes it (commerce/cart.ts `addLines`, wired in app.ts). */
export interface CartLine {
  sku: string;
  quantity: number;
  options: Record<string, string>;
  /** The request field the line came from, named in a refusal: `items.<itemId>`. */
  field: string;
}
export type AddToCart = (ctx: VisitorContext, lines: CartLine[]) => Promise<Reply<CartAddAnswer>>;

/**
 * POST /apiv2/customer/projects/{id}/to-cart {itemIds?}: all lines of the project, or the
 * listed ones, into the visitor's cart in one transaction with the cart's own rules (all or
 * none; a refusal names the line as `items.<itemId>`) -> the cart. The project stays.
 */
export function projectToCart(addToCart: AddToCart) {
  return async (ctx: VisitorContext, params: Params): Promise<Reply<CartAddAnswer>> => {
    const { customer } = await requireCustomer(ctx);
    const project = await readProject(ctx, customer.id, idOf(params.id));
    const { itemIds } = validate(projectToCartSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request, { emptyAllowed: true }));
    const chosen = itemIds ? itemIds.map((id) => project.items.find((item) => item.itemId === id)) : project.items;
    if (chosen.some((item) => item === undefined)) throw notFound();
    const lines = (chosen as ProjectItem[]).map((item) => ({ sku: item.sku, quantity: item.quantity, options: {}, field: `items.${item.itemId}` }));
    if (lines.length === 0) throw invalid("itemIds", "The project has no products.", "project_empty" satisfies AccountRefusalCode);
    return addToCart(ctx, lines);
  };
}

/**
 * POST /apiv2/customer/projects/merge: the guest's browser projects into the account, by
 * name; every line lands (summed into the product's line where the project has one) -> {projects}.
 */
export async function mergeProjects(ctx: ShopContext): Promise<Reply<ProjectsAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const { projects } = validate(projectMergeSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  const lines = projects.reduce((sum, project) => sum + project.items.length, 0);
  if (lines > MAX_MERGED_LINES)
    throw invalid("projects", `At most ${MAX_MERGED_LINES} lines can be merged at once.`, "too_many_lines" satisfies AccountRefusalCode);
  if (projects.length > 0) {
    const always = sql`1`;
    await ctx.db.batch(
      projects
        .flatMap((project) => [
          ensureProjectNamed(customer.id, project.name, ctx.now, always),
          mergeProjectItems(customer.id, project.name, project.items, ctx.now, always),
        ])
        .map((statement) => statement.prepare(ctx.db)),
    );
  }
  return reply({ projects: await readProjects(ctx, customer.id) });
}
