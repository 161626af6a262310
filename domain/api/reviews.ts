/** The shop's reviews: the newest (`GET /apiv2/{provider}/reviews/last/{count}/{minMark}`) and the summary (`GET /apiv2/{provider}/rating`). */

/** A mark's label, from 1 (VERY_POOR) to 5 (EXCELLENT). */
export const RATING_LABELS = ["VERY_POOR", "POOR", "FAIR", "GOOD", "EXCELLENT"] as const;
export type RatingLabel = (typeof RATING_LABELS)[number];

export interface Review {
  id: string;
  sku: string;
  comment: string;
  mark: number;
  markDescription: RatingLabel | undefined;
  images: string[];
  answer: string | null;
  reviewerProfile: { firstname: string };
  createdAt: string;
}

export interface ReviewsAnswer {
  reviews: Review[];
}

export interface RatingAnswer {
  id: string;
  ratingValue: number;
  maxValue: 5;
  totalReviewCount: number;
  label: RatingLabel | null | undefined;
  active: true;
}
