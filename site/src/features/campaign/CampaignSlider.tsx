import React from "react";
import type { CampaignSlide } from "@domain/campaign";
import { IMAGE_SIZES, ResponsiveImage } from "@site/components/ResponsiveImage";
import { CampaignLink } from "./CampaignLink";

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
