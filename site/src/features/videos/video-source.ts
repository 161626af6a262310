/**
 * Where a video plays (docs/decisions/0047): a video platform's embed (YouTube in its
 * no-cookie mode, Vimeo with do-not-track) or a file on the media host in a <video> element.
 * Nothing of either is requested before the visitor clicks play, and a platform's embed not before
 * the visitor agreed to it (VideoPlayer.tsx).
 */
import { mediaHref } from "@site/lib/media";

export type VideoPlatform = "YouTube" | "Vimeo";
export type VideoSource = { kind: "embed"; platform: VideoPlatform; src: string } | { kind: "file"; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

export function videoSource(url: string): VideoSource {
  let parsed: URL | null = null;
  try {
    parsed = /^https?:\/\//.test(url) ? new URL(url) : null;
  } catch {
    parsed = null;
  }
  if (parsed && parsed.protocol === "https:") {
    const host = parsed.hostname.replace(/^www\./, "");
    const youtube =
      host === "youtu.be"
        ? parsed.pathname.slice(1)
        : host === "youtube.com" || host === "youtube-nocookie.com"
          ? (parsed.searchParams.get("v") ?? parsed.pathname.match(/^\/embed\/([^/]+)$/)?.[1] ?? "")
          : "";
    if (YOUTUBE_ID.test(youtube)) return { kind: "embed", platform: "YouTube", src: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1&rel=0` };
    const vimeo = host === "vimeo.com" ? parsed.pathname.slice(1) : "";
    if (VIMEO_ID.test(vimeo)) return { kind: "embed", platform: "Vimeo", src: `https://player.vimeo.com/video/${vimeo}?autoplay=1&dnt=1` };
  }
  return { kind: "file", src: mediaHref(url) };
}
