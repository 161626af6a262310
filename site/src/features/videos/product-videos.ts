import type { ProductData } from "@site/lib/page-data";
import type { VideoItemData } from "./VideoPlayer";

/** A product's videos: its video tutorials first, then the videos among its media; each URL once. */
export function productVideos(product: Pick<ProductData, "tutorials" | "media" | "content">): VideoItemData[] {
  const seen = new Set<string>();
  const videos: VideoItemData[] = [];
  for (const tutorial of product.tutorials) {
    if (tutorial.type !== "video" || !tutorial.url || seen.has(tutorial.url)) continue;
    seen.add(tutorial.url);
    videos.push({ title: tutorial.title, url: tutorial.url, poster: tutorial.poster });
  }
  for (const media of product.media) {
    if (media.kind !== "video" || seen.has(media.url)) continue;
    seen.add(media.url);
    videos.push({ title: media.alt || product.content.title, url: media.url, poster: media.poster });
  }
  return videos;
}
