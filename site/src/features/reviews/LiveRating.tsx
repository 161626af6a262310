import React from "react";
import useSWR from "swr";
import type { RatingAnswer } from "@domain/api/reviews";
import { fetchData } from "@site/api/client";
import { RatingLine, type RatingFigures } from "./RatingLine";
import { ratingPath, reviewSettings } from "./settings";

/** The answer of GET /apiv2/{provider}/rating (domain/api/reviews.ts RatingAnswer) as figures, checked as it comes (the provider may answer anything); an array answer counts as empty. */
export function liveRating(answer: unknown): RatingFigures | null {
  if (!answer || Array.isArray(answer) || typeof answer !== "object") return null;
  const { ratingValue, maxValue, totalReviewCount }: Partial<Record<keyof Pick<RatingAnswer, "ratingValue" | "maxValue" | "totalReviewCount">, unknown>> =
    answer;
  if (typeof ratingValue !== "number" || typeof totalReviewCount !== "number" || !Number.isFinite(ratingValue) || totalReviewCount < 1) return null;
  const max = typeof maxValue === "number" && maxValue > 0 && maxValue <= 10 ? maxValue : 5;
  return { ratingValue: Math.min(max, Math.max(0, ratingValue)), maxValue: max, totalReviewCount: Math.floor(totalReviewCount) };
}

/**
 * The shop's live rating from GET /apiv2/{provider}/rating. Until the answer is there (and
 * when it is empty or fails) the build's figures (`initial`) stay.
 */
export function LiveRating({ initial, language }: { initial: RatingFigures | null; language: string }) {
  const { data } = useSWR<unknown>(ratingPath(reviewSettings()), fetchData, { revalidateOnFocus: false, shouldRetryOnError: false });
  const live = liveRating(data);
  return <RatingLine rating={live ?? initial} language={language} live={live !== null} />;
}
