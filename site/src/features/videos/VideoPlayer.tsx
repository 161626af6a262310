import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { imageSrc } from "@site/lib/media";
import { videoSource } from "./video-source";
import "./videos.css";

export interface VideoItemData {
  title: string;
  url: string;
  /** The still image under /images/videos/ (catalogue data); null shows a plain frame. */
  poster: string | null;
}

/**
 * A click-to-load video (docs/decisions/0047): until the visitor clicks play the
 * page holds only the poster image (the shop's own) and a button; the <video> element or the
 * platform's <iframe> is created by the click, so no video and no third party is requested
 * before. The button names the video for screen readers.
 */
export function VideoPlayer({ video, eager = false }: { video: VideoItemData; eager?: boolean }) {
  const { t } = useTranslation();
  const [started, setStarted] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const frame = React.useRef<HTMLDivElement>(null);
  const source = React.useMemo(() => videoSource(video.url), [video.url]);
  React.useEffect(() => {
    if (started) frame.current?.querySelector<HTMLElement>("video, iframe")?.focus();
  }, [started]);

  if (!started) {
    return (
      <div className="video-player" data-testid="video-player">
        <button type="button" className="video-start" onClick={() => setStarted(true)} aria-label={t("video.play", { title: video.title })}>
          {video.poster ? (
            <img src={imageSrc(video.poster)} alt="" width={640} height={360} loading={eager ? "eager" : "lazy"} decoding="async" />
          ) : (
            <span className="video-blank" />
          )}
          <span className="video-play-icon" aria-hidden="true" />
        </button>
      </div>
    );
  }
  return (
    <div className="video-player started" data-testid="video-player" ref={frame}>
      {source.kind === "embed" ? (
        <iframe
          src={source.src}
          title={video.title}
          width={640}
          height={360}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : failed ? (
        <p className="video-failed" role="status">
          {t("video.failed")}
        </p>
      ) : (
        <video
          src={source.src}
          poster={video.poster ? imageSrc(video.poster) : undefined}
          controls
          autoPlay
          playsInline
          preload="metadata"
          width={640}
          height={360}
          aria-label={video.title}
          tabIndex={0}
          onError={() => setFailed(true)}
        >
          {t("video.unsupported")}
        </video>
      )}
    </div>
  );
}
