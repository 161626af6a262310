import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "@site/lib/page-data";
import { productVideos } from "@site/features/videos/product-videos";
import { VideoPlayer } from "@site/features/videos/VideoPlayer";

/**
 * The product's tutorials (the product page's tab Instructions and videos; also the DIY
 * panel): the videos in click-to-load players, the written instructions in place, and the
 * spec's 'no tutorial videos found' when the product has no video.
 */
export function Tutorials({ product, headingLevel = 3 }: { product: ProductData; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const videos = productVideos(product);
  const texts = product.tutorials.filter((tutorial) => tutorial.type !== "video" || !tutorial.url);
  return (
    <div className="tutorials" data-testid="tutorials">
      {videos.length > 0 ? (
        <ul className="video-list">
          {videos.map((video) => (
            <li key={video.url}>
              <VideoPlayer video={video} />
              <Heading>{video.title}</Heading>
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="no-tutorial-videos">{t("videos.none")}</p>
      )}
      {texts.length > 0 ? (
        <ul className="tutorial-texts">
          {texts.map((tutorial) => (
            <li key={tutorial.title}>
              <Heading>{tutorial.title}</Heading>
              <p>{tutorial.content}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
