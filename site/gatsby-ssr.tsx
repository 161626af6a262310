import React from "react";
import type { GatsbySSR } from "gatsby";
import { CONSENT_BY_DIALOG, MARK_CONSENT_ANSWERED_SCRIPT } from "./src/lib/consent";
import { MARK_HIDDEN_BANNERS_SCRIPT } from "./src/lib/banner";

/**
 * The static HTML of every page: <head> carries one inline script that, before the first
 * paint, marks the header banners the visitor closed (src/lib/banner.ts) and, when the
 * pages ask for consent with their own dialog, hides that dialog for a visitor who
 * answered (src/lib/consent.ts); the build lists its hash in the shop's CSP manifest and
 * the edge allows it by that hash (scripts/lib/script-hashes.ts).
 */
const FIRST_PAINT_SCRIPT = [CONSENT_BY_DIALOG ? MARK_CONSENT_ANSWERED_SCRIPT : null, MARK_HIDDEN_BANNERS_SCRIPT].filter(Boolean).join(";");

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([<script key="first-paint" dangerouslySetInnerHTML={{ __html: FIRST_PAINT_SCRIPT }} />]);
};
