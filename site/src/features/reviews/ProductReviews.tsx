import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "@site/lib/page-data";
import { reviewSettings, type ReviewSettings } from "./settings";
import { ratingText, Stars } from "./Stars";
import { writtenDate } from "@domain/calendar-date";
import "./reviews.css";

/**
 * A product's rating and its latest reviews, with the notice the EU Omnibus rules
 * ask for next to them: whether and how the shop makes sure reviews come from people who
 * bought the product (config `reviews.verification`, texts in locales). Static HTML from the
 * build, the same data as the page's aggregateRating.
 */
export function ProductReviews({ product, language, settings = reviewSettings() }: { product: ProductData; language: string; settings?: ReviewSettings }) {
  const { t } = useTranslation();
  const summary = product.reviewSummary;
  const format = (value: number) => ratingText(value, language);
  const date = (iso: string) => writtenDate(iso.slice(0, 10), language);
  return (
    <section aria-labelledby="product-reviews" className="section product-reviews" data-testid="product-reviews">
      <h2 id="product-reviews">{t("reviews.title")}</h2>
      {summary.totalReviewCount > 0 ? (
        <>
          <p className="rating-big" data-testid="review-summary">
            <Stars value={summary.ratingValue} max={summary.maxValue} />{" "}
            {t("reviews.summary", { rating: format(summary.ratingValue), max: summary.maxValue, count: summary.totalReviewCount })}
          </p>
          <ol className="review-list">
            {summary.reviews.map((review) => (
              <li key={review.id} className="review" data-testid="review">
                <p className="review-head">
                  <Stars value={review.mark} max={summary.maxValue} />{" "}
                  <span className="visually-hidden">{t("reviews.mark", { mark: review.mark, max: summary.maxValue })}</span>
                  <strong>{review.reviewer}</strong> · <time dateTime={review.createdAt}>{date(review.createdAt)}</time>
                </p>
                <p>{review.comment}</p>
                {review.answer ? (
                  <p className="review-answer">
                    <strong>{t("reviews.answer")}</strong> {review.answer}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          {summary.totalReviewCount > summary.reviews.length ? (
            <p className="muted small">{t("reviews.latestOf", { shown: summary.reviews.length, count: summary.totalReviewCount })}</p>
          ) : null}
        </>
      ) : (
        <p>{t("reviews.none")}</p>
      )}
      <p className="review-notice small" data-testid="review-notice">
        {settings.verification === "orders" ? t("reviews.noticeOrders", { provider: settings.name ?? t("reviews.theShop") }) : t("reviews.noticeNone")}
      </p>
    </section>
  );
}
