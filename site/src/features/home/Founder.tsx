import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import "./home.css";

/** The CMS block of the Founder home block. */
export const FOUNDER_BLOCK = "home-founder";

/** Home block Founder: the founder's word, the shop's CMS block home-founder (absent block: no section). */
export function Founder({ blocks }: { blocks: readonly { identifier: string; content: string }[] }) {
  const { t } = useTranslation("home-blocks");
  const block = blocks.find((candidate) => candidate.identifier === FOUNDER_BLOCK);
  if (!block?.content) return null;
  return (
    <section aria-labelledby="founder" className="section founder" data-testid="founder">
      <h2 id="founder">{t("founder.title")}</h2>
      <div className="prose" dangerouslySetInnerHTML={{ __html: block.content }} />
    </section>
  );
}
