import React from "react";
import type { GatsbySSR } from "gatsby";
import { CONSENT_COOKIE, MARK_CONSENT_ANSWERED_SCRIPT } from "./src/lib/consent";
import { consentDefaultScript } from "./src/lib/tracking/consent-mode";
import { MARK_HIDDEN_BANNERS_SCRIPT } from "./src/lib/banner";

/**
 * The static HTML of every page: <head> carries one inline script that first pushes the
 * Google Consent Mode defaults (all denied, wait_for_update) into the dataLayer, before any
 * tag can load (src/lib/tracking/consent-mode.ts), then, before the first paint, marks the
 * header banners the visitor closed (src/lib/banner.ts) and hides the consent dialog for a
 * visitor who answered (src/lib/consent.ts); the build lists its hash in the shop's CSP
 * manifest and the edge allows it by that hash (scripts/lib/script-hashes.ts).
 */
const FIRST_PAINT_SCRIPT = [consentDefaultScript(CONSENT_COOKIE), MARK_CONSENT_ANSWERED_SCRIPT, MARK_HIDDEN_BANNERS_SCRIPT].join(";");

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([<script key="first-paint" dangerouslySetInnerHTML={{ __html: FIRST_PAINT_SCRIPT }} />]);
};
