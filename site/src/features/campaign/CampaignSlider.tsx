import React from "react";
import { Link } from "gatsby";
import type { CampaignSlide } from "@domain/campaign";
import { IMAGE_SIZES, ResponsiveImage } from "@site/components/ResponsiveImage";

/** An internal path goes through Gatsby's Link, anything else is a plain link. */
export function CampaignLink({ to, className, testId, children }: { to: string; className?: string; testId?: string; children: React.ReactNode }) {
  if (to.startsWith("/") && !to.startsWith("//")) {
    return (
      <Link to={to} className={className} data-testid={testId}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className} rel="noopener" data-testid={testId}>
      {children}
    </a>
  );
}

/** One of the hub's sliders (firstSlider, secondSlider, each slide with title, url and image): a scrollable row. */
export function CampaignSlider({ id, title, slides }: { id: string; title: string; slides: readonly CampaignSlide[] }) {
  if (slides.length === 0) return null;
  return (
    <section aria-labelledby={id} className="section campaign-slider" data-testid={id}>
      <h2 id={id}>{title}</h2>
      <div className="scroller" tabIndex={0}>
        <ul className="carousel">
          {slides.map((slide) => (
            <li key={`${slide.url}-${slide.title}`}>
              <CampaignLink to={slide.url} className="tile">
                <ResponsiveImage src={slide.image} alt="" width={320} height={240} sizes={IMAGE_SIZES.tile} />
                <span className="tile-title">{slide.title}</span>
              </CampaignLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
