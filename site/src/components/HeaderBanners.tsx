import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { hideBannerCookie, isBannerHidden, pageBanners } from "../lib/banner";

/**
 * Header info and warning banners from the CMS blocks header-info / header-warning, each
 * with its own content for mobile or desktop where the blocks `-mobile` / `-desktop` exist.
 * Closing one stores the content hash in a cookie; it stays hidden while the content is
 * the same and shows again when the content changes (the cookie no longer matches).
 * The static HTML has every banner (the inline <head> script hides a closed one before
 * the first paint, lib/banner.ts); hydration renders them as the HTML has them and then
 * removes the closed ones, a page reached in the browser leaves them out at once.
 */
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The first render in the browser hydrates the static HTML, which has every banner: the cookies
 * count once it has (Preact's useSyncExternalStore has no server snapshot for the hydration).
 */
let pageHydrated = false;
const cookiesOfTheStaticHtml = () => "";
const readCookies = () => (pageHydrated ? document.cookie : cookiesOfTheStaticHtml());

export function HeaderBanners({ blocks }: { blocks: { identifier: string; content: string; hash: string }[] }) {
  const { t } = useTranslation();
  const cookies = React.useSyncExternalStore(subscribe, readCookies, cookiesOfTheStaticHtml);
  React.useEffect(() => {
    if (pageHydrated) return;
    pageHydrated = true;
    for (const listener of listeners) listener();
  }, []);
  const banners = pageBanners(blocks).filter(({ kind, hash }) => !isBannerHidden(cookies, kind, hash));
  if (banners.length === 0) return null;
  return (
    <div className="header-banners">
      {banners.map(({ kind, hash, variants }) => (
        <section key={kind} className={`header-banner banner-${kind}`} aria-label={t(kind === "warn" ? "banner.warning" : "banner.info")}>
          <div className="container banner-inner">
            <div>
              {variants.map(({ platform, block }) => (
                <div key={platform} className={`platform-${platform}`} data-platform={platform} dangerouslySetInnerHTML={{ __html: block.content }} />
              ))}
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label={t("banner.close")}
              onClick={() => {
                document.cookie = hideBannerCookie(kind, hash, window.location.protocol === "https:");
                for (const listener of listeners) listener();
              }}
            >
              ×
            </button>
          </div>
        </section>
      ))}
    </div>
  );
}
