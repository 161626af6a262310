/**
 * POST /apiv2/rma: a complaint or return (docs/decisions/0038), with an
 * Idempotency-Key (required: a double click or a retry makes one complaint, the core's
 * idempotency step answers the repeat with the first answer).
 *
 * Steps, each refusing with its own answer and writing nothing:
 *   1. the key is there                         400 idempotency_key_required
 *   2. who asks for which order                 access.ts (401 lookup_token_invalid / not_signed_in, 404)
 *   3. the order as it is now                   order-view.ts
 *   4. the complaint against that order         domain/returns-forms.ts rmaSubmitSchema (422: at least one
 *                                               line, no line of another order, at most what each line allows)
 *   5. the images are the caller's and free     422 upload_unavailable (uploadIds.<i>)
 *   6. one guarded batch that checks all of it again over the state it writes on (a second
 *      complaint sent at the same time for the same packages finds them taken), then writes
 *      the complaint, its lines, its first status, attaches the images and enqueues the
 *      confirmation mail; a complaint number that happens to be taken is drawn again.
 * Answers `{ rmaId }`.
 */
import type { ReturnRefusalCode } from "@domain/api/returns";
import { RETURN_WINDOW_MS } from "@domain/return-window";
import { orderAccessSchema, rmaSubmitSchema, WINDOWLESS_REASONS } from "@domain/returns-forms";
import type { RmaSubmitAnswer, RmaSubmitBody } from "@domain/returns-forms";
import { sql, type SqlFragment } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { fail, invalid } from "../core/envelope";
import { runGuardedBatch } from "../core/guarded-batch";
import { IDEMPOTENCY_KEY_HEADER } from "../core/idempotency";
import { sendOutboxSoon } from "../core/mail/sender";
import { readJson, validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import { withVisitor, type VisitorContext } from "../core/visitor";
import { insertRma, insertRmaLine, insertRmaUpload, insertStatus, lookupTokenHolds, returnedOf } from "../tables/returns";
import { attachUpload, uploadOf, type UploadRow } from "../tables/uploads";
import { lookupTokenInvalid, orderAccess, type OrderAccess } from "./access";
import { complaintMail } from "./mails";
import { RETURNS_MESSAGES, SERVER_TEXTS } from "./messages";
import { newRmaNumber } from "./numbers";
import { customerName, loadOrder, type LoadedOrder } from "./order-view";

/** How often a taken complaint number is drawn again before the request fails (50 random bits: never in practice). */
const NUMBER_ATTEMPTS = 3;

interface Check {
  refusal: string | null;
  item?: number | null;
  available?: number | null;
}

const uploadUnavailable = (index: number) =>
  invalid(`uploadIds.${index}`, RETURNS_MESSAGES.uploadUnavailable, "upload_unavailable" satisfies ReturnRefusalCode);

/** 5. The images: each an upload of the caller's visitor in this shop, for a complaint, not attached to anything yet. */
async function checkImages(ctx: VisitorContext, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const visitorId = ctx.visitorState.tokenHash;
  const rows = await ctx.db.batch(ids.map((id) => sql`SELECT * FROM uploads WHERE id = ${id} AND shop_id = ${ctx.shop.id}`.prepare(ctx.db)));
  rows.forEach((result, index) => {
    const row = result.results[0] as UploadRow | undefined;
    const upload = row ? uploadOf(row) : null;
    if (!upload || upload.ownerId !== visitorId || upload.purpose !== "complaint" || upload.attachedTo !== null) throw uploadUnavailable(index);
  });
}

/** The line's allowed amount over the batch's own state: delivered less what other complaints hold, and (unless windowless) only inside the window. */
function lineCheck(ctx: ShopContext, loaded: LoadedOrder, body: RmaSubmitBody, index: number): SqlFragment {
  const item = body.items[index]!;
  const windowless = WINDOWLESS_REASONS.includes(body.reason);
  const opensAfter = new Date(ctx.now.getTime() - RETURN_WINDOW_MS).toISOString();
  const left = sql`(ol.delivered_qty - ${returnedOf(loaded.order.id, sql`ol.line_no`)})`;
  const open = windowless ? sql`1` : sql`(ol.delivered_at IS NOT NULL AND ol.delivered_at >= ${opensAfter})`;
  return sql`SELECT CASE WHEN ol.line_no IS NULL OR ${item.quantity} > ${left} OR NOT ${open} THEN 'max_value' END AS refusal,
      ${index} AS item, CASE WHEN ol.line_no IS NULL OR NOT ${open} THEN 0 ELSE MAX(0, ${left}) END AS available
    FROM (SELECT 1) LEFT JOIN order_lines ol ON ol.order_id = ${loaded.order.id} AND ol.line_no = ${item.lineNo} AND ol.kind = 'product'`;
}

function refusalOf(check: Check & { refusal: string }) {
  switch (check.refusal) {
    case "lookup_token_invalid":
      return lookupTokenInvalid();
    case "upload_unavailable":
      return uploadUnavailable(check.item ?? 0);
    default: {
      const maxValue = check.available ?? 0;
      return invalid(
        `items.${check.item ?? 0}.quantity`,
        RETURNS_MESSAGES.maxValue.replace("{maxValue}", String(maxValue)),
        "max_value" satisfies ReturnRefusalCode,
        { maxValue },
      );
    }
  }
}

/** 6. The batch for complaint number `rmaId`; refused: which check, or `number_taken`. */
async function writeComplaint(ctx: VisitorContext, access: OrderAccess, loaded: LoadedOrder, body: RmaSubmitBody, rmaId: string) {
  const order = loaded.order;
  const now = ctx.now.toISOString();
  const lines = body.items.map((item) => loaded.lines.find((line) => line.line_no === item.lineNo)!);
  return runGuardedBatch<Check>(ctx, (visitorId, holds) => ({
    checks: [
      sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM rmas WHERE id = ${rmaId}) THEN 'number_taken' END AS refusal`,
      ...(access.tokenHash
        ? [sql`SELECT CASE WHEN NOT ${lookupTokenHolds(access.tokenHash, order.id, visitorId, ctx.now)} THEN 'lookup_token_invalid' END AS refusal`]
        : []),
      ...body.items.map((_, index) => lineCheck(ctx, loaded, body, index)),
      ...body.uploadIds.map(
        (id, index) => sql`SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM uploads WHERE id = ${id} AND owner_id = ${visitorId} AND shop_id = ${ctx.shop.id}
            AND purpose = 'complaint' AND attached_id IS NULL) THEN 'upload_unavailable' END AS refusal, ${index} AS item`,
      ),
    ],
    writes: [
      insertRma(
        {
          id: rmaId,
          kind: "return",
          order_id: order.id,
          shop_id: ctx.shop.id,
          language: ctx.language,
          email: order.email,
          reason: body.reason,
          proposal: body.proposal ?? null,
          message: body.message,
          phone: body.phone ?? null,
          whole_order: body.wholeOrder ? 1 : 0,
          status: "submitted",
          via: access.via,
          visitor_id: visitorId,
          customer_id: access.customer?.id ?? null,
          created_at: now,
          updated_at: now,
        },
        holds,
      ),
      ...body.items.map((item, index) =>
        insertRmaLine(
          { rma_id: rmaId, order_id: order.id, line_no: item.lineNo, sku: lines[index]!.sku, name: lines[index]!.name, quantity: item.quantity },
          holds,
        ),
      ),
      insertStatus(rmaId, "submitted", "", "customer", ctx.now, holds),
      ...body.uploadIds.flatMap((id, position) => [attachUpload(id, "rma", rmaId, ctx.now, holds), insertRmaUpload(rmaId, id, position, holds)]),
      complaintMail(
        {
          shop: ctx.shop,
          language: ctx.language,
          to: order.email,
          rmaId,
          orderNumber: order.order_number,
          name: customerName(order),
          reason: body.reason,
          proposal: body.proposal ?? null,
          lines: body.items.map((item, index) => ({ sku: lines[index]!.sku, name: lines[index]!.name.slice(0, 200), quantity: item.quantity })),
          images: body.uploadIds.length,
        },
        holds,
        ctx.now,
      ),
    ],
    reads: [],
  }));
}

export async function submitRma(ctx: ShopContext): Promise<Reply<RmaSubmitAnswer>> {
  // 1.
  if (!ctx.request.headers.get(IDEMPOTENCY_KEY_HEADER))
    throw fail(400, RETURNS_MESSAGES.idempotencyKeyRequired, "idempotency_key_required" satisfies ReturnRefusalCode);
  const raw = await readJson(ctx.request);
  // 2.
  const visitorCtx = await withVisitor(ctx);
  const access = await orderAccess(visitorCtx, validate(orderAccessSchema(SERVER_TEXTS), raw));
  // 3.
  const loaded = await loadOrder(ctx, access.order);
  // 4.
  const body = validate(rmaSubmitSchema(SERVER_TEXTS, loaded.view.lines), raw);
  // 5.
  await checkImages(visitorCtx, body.uploadIds);
  // 6.
  for (let attempt = 1; ; attempt++) {
    const rmaId = newRmaNumber();
    const outcome = await writeComplaint(visitorCtx, access, loaded, body, rmaId);
    if (outcome.refusal?.refusal === "number_taken" && attempt < NUMBER_ATTEMPTS) continue;
    if (outcome.refusal?.refusal === "number_taken") throw new Error(`complaint numbers taken ${NUMBER_ATTEMPTS} times in a row`);
    if (outcome.refusal) throw refusalOf(outcome.refusal);
    sendOutboxSoon(ctx);
    const answer: RmaSubmitAnswer = { rmaId };
    return reply(answer);
  }
}
