import React from "react";
import { Link } from "gatsby";
import { VideoPlayer, type VideoItemData } from "./VideoPlayer";

export interface LibraryVideo extends VideoItemData {
  productTitle: string;
  productPath: string;
}

/**
 * Videos with their poster thumbnails and click-to-load players, each naming its product:
 * the video library's grid and the home page's VideosCarousel (`carousel`).
 */
export function VideoList({ videos, carousel = false }: { videos: LibraryVideo[]; carousel?: boolean }) {
  return (
    <ul className={carousel ? "video-carousel" : "video-list"} data-testid={carousel ? "videos-carousel" : "video-library"}>
      {videos.map((video) => (
        <li key={video.url}>
          <VideoPlayer video={video} />
          <h3>{video.title}</h3>
          <p className="small">
            <Link to={video.productPath}>{video.productTitle}</Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
