import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { imageSrc } from "@site/lib/media";
import { useConsentToAll } from "@site/lib/use-consent";
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
 * before. The button names the video for screen readers. A video platform's embed (YouTube,
 * Vimeo) is behind consent: without the consent dialog's 'all', the first click only says
 * that the platform will receive the visitor's address and offers to load it; that second
 * click is the consent for this video. Nothing is requested from the platform before.
 */
export function VideoPlayer({ video, eager = false }: { video: VideoItemData; eager?: boolean }) {
  const { t } = useTranslation();
  const [started, setStarted] = React.useState(false);
  const [asking, setAsking] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const frame = React.useRef<HTMLDivElement>(null);
  const source = React.useMemo(() => videoSource(video.url), [video.url]);
  const consented = useConsentToAll(source.kind === "embed");
  React.useEffect(() => {
    if (started) frame.current?.querySelector<HTMLElement>("video, iframe")?.focus();
    else if (asking) frame.current?.querySelector<HTMLElement>(".video-consent button")?.focus();
  }, [started, asking]);

  if (!started && asking && source.kind === "embed") {
    return (
      <div className="video-player" data-testid="video-player" ref={frame}>
        <div className="video-consent" role="group" aria-label={video.title}>
          <p>{t("video.embedNotice", { platform: source.platform })}</p>
          <button type="button" className="button" onClick={() => setStarted(true)}>
            {t("video.embedLoad", { platform: source.platform })}
          </button>
        </div>
      </div>
    );
  }

  if (!started) {
    return (
      <div className="video-player" data-testid="video-player">
        <button
          type="button"
          className="video-start"
          onClick={() => (source.kind === "embed" && !consented ? setAsking(true) : setStarted(true))}
          aria-label={t("video.play", { title: video.title })}
        >
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
