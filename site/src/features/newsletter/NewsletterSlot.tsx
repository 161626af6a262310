/**
 * The newsletter sign-up's place in the footer of every page and on the home page.
 * Only this wrapper is part of the pages' first load (docs/decisions/0011): the form
 * itself (its rules with zod, the captcha, the API call; ./NewsletterSignup) loads when it
 * comes near the viewport or a visitor focuses or touches it. The build's server render
 * includes the form, so its HTML is in the static page; in the browser Preact keeps that HTML
 * until the form's code has loaded and then hydrates it (what a visitor typed before stays).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { NewsletterSignupProps } from "./types";
import "./newsletter.css";

let request: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => {
  request = resolve;
});

/** Loads the sign-up form's code now (once; every placement shares it). */
export function loadNewsletterForm(): void {
  request();
}

const NewsletterSignup = React.lazy(() =>
  (typeof window === "undefined" ? Promise.resolve() : wanted)
    .then(() => import(/* webpackChunkName: "newsletter-signup" */ "./NewsletterSignup"))
    .then((module) => ({ default: module.NewsletterSignup })),
);

/** How far below the viewport the form starts loading. */
const NEAR = "300px";

function NewsletterPending() {
  const { t } = useTranslation("newsletter");
  return (
    <p className="newsletter-pending" aria-busy="true">
      {t("newsletter.form.title")}
    </p>
  );
}

export const NewsletterSlot = React.memo(function NewsletterSlot(props: NewsletterSignupProps) {
  const place = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const element = place.current;
    if (!element) return undefined;
    const events = ["focusin", "pointerdown", "pointerenter", "touchstart"] as const;
    for (const event of events) element.addEventListener(event, loadNewsletterForm, { passive: true });
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === "function") {
      observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadNewsletterForm(), { rootMargin: NEAR });
      observer.observe(element);
    } else loadNewsletterForm();
    return () => {
      for (const event of events) element.removeEventListener(event, loadNewsletterForm);
      observer?.disconnect();
    };
  }, []);
  return (
    <div ref={place} className={`newsletter newsletter-${props.placement}`} data-slot="newsletter">
      <React.Suspense fallback={<NewsletterPending />}>
        <NewsletterSignup {...props} />
      </React.Suspense>
    </div>
  );
});
