import React from "react";
import type { GatsbySSR } from "gatsby";
import { CONSENT_BY_DIALOG, MARK_CONSENT_ANSWERED_SCRIPT } from "./src/lib/consent";

/**
 * The static HTML of every page: when the pages ask for consent with their own dialog,
 * <head> carries the inline script that hides that dialog before the first paint for a
 * visitor who answered (src/lib/consent.ts; the edge allows it by its hash).
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  if (!CONSENT_BY_DIALOG) return;
  setHeadComponents([<script key="consent-answered" dangerouslySetInnerHTML={{ __html: MARK_CONSENT_ANSWERED_SCRIPT }} />]);
};
