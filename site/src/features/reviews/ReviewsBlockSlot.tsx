import React from "react";
import { lazyOnIdle } from "@site/lib/lazy";
import { RatingLine, type RatingFigures } from "./RatingLine";
import { ReviewWidget } from "./ReviewWidget";
import "./reviews.css";

const LiveRating = lazyOnIdle(() => import("./LiveRating").then((module) => module.LiveRating));

/**
 * The home page's review block (TrustedShops): the build's figures in the static
 * HTML, the live rating (GET /apiv2/{provider}/rating) once the browser is idle, and the
 * provider's widget where the shop has one and the visitor consented.
 */
export const ReviewsBlockSlot = React.memo(function ReviewsBlockSlot({ initial, language }: { initial: RatingFigures | null; language: string }) {
  return (
    // One element: the page hydrates this part later and keeps exactly one element of the static HTML for it.
    <div className="reviews-block">
      <React.Suspense fallback={<RatingLine rating={initial} language={language} live={false} />}>
        <LiveRating initial={initial} language={language} />
      </React.Suspense>
      <ReviewWidget />
    </div>
  );
});
