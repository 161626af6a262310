/**
 * The builder API (bearer BUILDER_TOKEN, core/service-token.ts): `npm run builder` locally and
 * the CI's build jobs in production claim builds, report progress and results here.
 *
 *   POST /admin/builder/claim               { builder, shops? }                    -> { build: null | { id, shop, attempt, changeIds, leaseUntil }, nextDueAt,
 *                                                                                        pending: null | { queued, running } }
 *   POST /admin/builder/builds/:id/progress { builder, phase, done, total }         -> { leaseUntil }   (409 lease_lost)
 *   POST /admin/builder/builds/:id/finish   { builder, ok: true, pages, pagesRewritten, seconds } | { builder, ok: false, error }
 *                                                                                   -> { build: BuildView }   (409 lease_lost)
 *   POST /admin/builder/sweep               {}                                      -> { requests, dispatched, expired }
 *   POST /admin/builder/publish             { shops, actor? }                       -> { changeId, carried, builds: [{ shop, id, changeIds }] }
 *        (publish now for a builder about to build the shops, e.g. `npm start`: the requests waiting for them are merged into
 *        the same builds; rebuilds/publishing.ts publishForBuilder)
 */
import type { BuildFinished, BuilderPublish, BuildProgressAnswer, ClaimResult, RebuildRefusalCode, SweepResult } from "@domain/api/builder";
import { z } from "zod";
import type { ApiContext } from "../core/context";
import { fail, MESSAGES } from "../core/envelope";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { requireServiceToken } from "../core/service-token";
import { BUILD_PHASES } from "../tables/rebuilds";
import { claimBuild, finishBuild, reportProgress } from "./builds";
import { publishForBuilder } from "./publishing";
import { configuredShopIds, type RebuildDeps } from "./settings";
import { sweepRebuilds } from "./sweep";

const builder = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:@/-]+$/, "must be a builder name like host-pid (letters, digits and . _ : @ / -)");
const count = z.number().int().min(0).max(10_000_000);
const shopId = z
  .string()
  .refine((id) => configuredShopIds().includes(id), { message: "is not a configured shop", params: { code: "unknown_shop" satisfies RebuildRefusalCode } });

const publishBody = z
  .object({
    shops: z.array(shopId).min(1).max(50),
    actor: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[^\p{Cc}]+$/u, "must not contain control characters")
      .optional(),
  })
  .strict();
const claimBody = z.object({ builder, shops: z.array(shopId).min(1).max(50).optional() }).strict();
const progressBody = z
  .object({ builder, phase: z.enum(BUILD_PHASES), done: count, total: count })
  .strict()
  .refine((body) => body.done <= body.total, { message: "must not exceed total", path: ["done"] });
const finishBody = z.discriminatedUnion("ok", [
  z.object({ builder, ok: z.literal(true), pages: count, pagesRewritten: count, seconds: z.number().min(0).max(86_400) }).strict(),
  z.object({ builder, ok: z.literal(false), error: z.string().min(1).max(10_000) }).strict(),
]);

async function authorised(ctx: ApiContext): Promise<RebuildDeps> {
  if (ctx.request.method !== "POST") throw fail(405, MESSAGES.methodNotAllowed, "method_not_allowed" satisfies RebuildRefusalCode, {}, { allow: "POST" });
  await requireServiceToken(ctx, "BUILDER_TOKEN", "builder");
  return { now: () => ctx.now };
}

function buildId(params: Params): number {
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id < 1) throw fail(404, MESSAGES.notFound, "not_found");
  return id;
}

export async function claimRoute(ctx: ApiContext): Promise<Reply<ClaimResult>> {
  const deps = await authorised(ctx);
  const body = validate(claimBody, await readJson(ctx.request));
  return reply(await claimBuild(ctx.db, body.builder, body.shops ?? null, deps));
}

export async function progressRoute(ctx: ApiContext, params: Params): Promise<Reply<BuildProgressAnswer>> {
  const deps = await authorised(ctx);
  const id = buildId(params);
  const body = validate(progressBody, await readJson(ctx.request));
  return reply(await reportProgress(ctx.db, id, body.builder, body, deps));
}

export async function finishRoute(ctx: ApiContext, params: Params): Promise<Reply<BuildFinished>> {
  const deps = await authorised(ctx);
  const id = buildId(params);
  const body = validate(finishBody, await readJson(ctx.request));
  const result = body.ok
    ? { ok: true as const, pages: body.pages, pagesRewritten: body.pagesRewritten, seconds: body.seconds }
    : { ok: false as const, error: body.error };
  return reply({ build: await finishBuild(ctx.env, id, body.builder, result, deps) });
}

export async function sweepRoute(ctx: ApiContext): Promise<Reply<SweepResult>> {
  const deps = await authorised(ctx);
  await readJson(ctx.request, { emptyAllowed: true });
  return reply(await sweepRebuilds(ctx.env, deps));
}

export async function publishRoute(ctx: ApiContext): Promise<Reply<BuilderPublish>> {
  const deps = await authorised(ctx);
  const body = validate(publishBody, await readJson(ctx.request));
  return reply(await publishForBuilder(ctx.env, body.shops, body.actor ?? "builder", deps));
}
