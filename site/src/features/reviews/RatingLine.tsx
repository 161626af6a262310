import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { ratingText, Stars } from "./Stars";

export interface RatingFigures {
  ratingValue: number;
  maxValue: number;
  totalReviewCount: number;
}

/** '4,6 of 5 stars from 128 reviews' with the stars; 'no reviews yet' without figures. */
export function RatingLine({ rating, language, live }: { rating: RatingFigures | null; language: string; live: boolean }) {
  const { t } = useTranslation();
  if (!rating) return <p data-testid="live-rating">{t("reviews.none")}</p>;
  const value = ratingText(rating.ratingValue, language);
  return (
    <p className="rating-big" data-testid="live-rating" data-live={live ? "true" : "false"}>
      <Stars value={rating.ratingValue} max={rating.maxValue} /> {t("reviews.summary", { rating: value, max: rating.maxValue, count: rating.totalReviewCount })}
    </p>
  );
}
