/** Live reads about the shop's reviews: the newest reviews and the rating summary. */
import { RATING_LABELS, type RatingAnswer, type ReviewsAnswer } from "@domain/api/reviews";
import { sql } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { invalid, MESSAGES } from "../core/envelope";
import { reply, type Params, type Reply } from "../core/route";
import { reviewsOfShop, type ReviewRow } from "../tables/content";

/** GET /apiv2/{provider}/reviews/last/{count}/{minMark}: the newest reviews of the shop's languages. */
export async function lastReviews(ctx: ShopContext, params: Params): Promise<Reply<ReviewsAnswer>> {
  const count = params.count ?? "";
  const minMark = params.minMark ?? "";
  if (!/^\d{1,2}$/.test(count) || !/^[1-5]$/.test(minMark) || Number(count) < 1) throw invalid("count", MESSAGES.invalid, "invalid");
  const { results } = await sql`SELECT r.id, r.sku, r.mark, r.comment, r.reviewer, r.answer, r.created_at FROM ${reviewsOfShop(ctx.shop.id)}
    WHERE r.language = ${ctx.language} AND r.mark >= ${Number(minMark)} ORDER BY r.created_at DESC, r.id LIMIT ${Number(count)}`
    .prepare(ctx.db)
    .all<Omit<ReviewRow, "language">>();
  return reply({
    reviews: results.map((r) => ({
      id: r.id,
      sku: r.sku,
      comment: r.comment,
      mark: r.mark,
      markDescription: RATING_LABELS[r.mark - 1],
      images: [],
      answer: r.answer,
      reviewerProfile: { firstname: r.reviewer },
      createdAt: r.created_at,
    })),
  });
}

/** GET /apiv2/{provider}/rating: the shop's review summary. */
export async function rating(ctx: ShopContext): Promise<Reply<RatingAnswer>> {
  const row = await sql`SELECT COUNT(*) AS n, AVG(r.mark) AS avg FROM ${reviewsOfShop(ctx.shop.id)} WHERE r.language = ${ctx.language}`
    .prepare(ctx.db)
    .first<{ n: number; avg: number | null }>();
  const value = row?.avg ? Math.round(row.avg * 100) / 100 : 0;
  return reply({
    id: `${ctx.shop.id}-${ctx.language}`,
    ratingValue: value,
    maxValue: 5,
    totalReviewCount: row?.n ?? 0,
    label: value > 0 ? RATING_LABELS[Math.min(4, Math.max(0, Math.round(value) - 1))] : null,
    active: true,
  });
}
