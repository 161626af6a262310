import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { richText } from "../lib/rich-text";
import { hideBannerCookie, isBannerHidden, type BannerKind } from "../lib/banner";

/**
 * Header info and warning banners from the CMS blocks header-info / header-warning.
 * Closing one stores the content hash in a cookie; it stays hidden while the content is
 * the same and shows again when the content changes (the cookie no longer matches).
 */
const KINDS: { identifier: string; kind: BannerKind }[] = [
  { identifier: "header-warning", kind: "warn" },
  { identifier: "header-info", kind: "info" },
];

export function HeaderBanners({ blocks }: { blocks: { identifier: string; content: string; hash: string }[] }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = React.useState<Record<string, boolean>>({});
  React.useEffect(() => {
    const state: Record<string, boolean> = {};
    for (const { identifier, kind } of KINDS) {
      const block = blocks.find((candidate) => candidate.identifier === identifier);
      if (block) state[kind] = isBannerHidden(document.cookie, kind, block.hash);
    }
    setHidden(state);
  }, [blocks]);
  const banners = KINDS.map(({ identifier, kind }) => ({ kind, block: blocks.find((candidate) => candidate.identifier === identifier) })).filter(
    (banner) => banner.block && !hidden[banner.kind],
  );
  if (banners.length === 0) return null;
  return (
    <div className="header-banners">
      {banners.map(({ kind, block }) => (
        <section key={kind} className={`header-banner banner-${kind}`} aria-label={t(kind === "warn" ? "banner.warning" : "banner.info")}>
          <div className="container banner-inner">
            <div dangerouslySetInnerHTML={{ __html: richText(block!.content) }} />
            <button
              type="button"
              className="icon-button"
              aria-label={t("banner.close")}
              onClick={() => {
                document.cookie = hideBannerCookie(kind, block!.hash, window.location.protocol === "https:");
                setHidden((current) => ({ ...current, [kind]: true }));
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
