/**
 * The console's publishing routes (staff; registered in app.ts with staffRoute):
 *
 *   GET  /admin/api/publishing                 merchandiser, ops  -> { shops: ShopPublishing[], webhook }
 *   POST /admin/api/publishing/publish         merchandiser, ops  { shops: ["DE"] | "all" } -> { changeId }
 *   POST /admin/api/publishing/webhook-secret  ops                -> { secret, previousValidUntil } (shown once)
 */
import { z } from "zod";
import type { Publishing, PublishAnswer, RotatedWebhookSecret } from "@domain/back-office/publishing";
import { readJson, validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import type { StaffContext } from "../core/staff-auth";
import { publishNow, shopPublishing } from "./publishing";
import { configuredShopIds } from "./settings";
import { rotateWebhookSecret } from "./webhook-secrets";

const shopId = z.string().refine((id) => configuredShopIds().includes(id), { message: "is not a configured shop", params: { code: "unknown_shop" } });
const publishBody = z.object({ shops: z.union([z.literal("all"), z.array(shopId).min(1).max(50)]) }).strict();

export async function publishingRoute(ctx: StaffContext): Promise<Reply<Publishing>> {
  return reply(await shopPublishing(ctx.env, ctx.now));
}

export async function publishNowRoute(ctx: StaffContext): Promise<Reply<PublishAnswer>> {
  const body = validate(publishBody, await readJson(ctx.request));
  const changeId = await publishNow(ctx.env, body.shops, ctx.staff.email, { now: () => ctx.now });
  const answer: PublishAnswer = { changeId };
  return reply(answer);
}

export async function rotateWebhookSecretRoute(ctx: StaffContext): Promise<Reply<RotatedWebhookSecret>> {
  await readJson(ctx.request, { emptyAllowed: true });
  return reply(await rotateWebhookSecret(ctx.env, ctx.staff.email, ctx.now));
}
