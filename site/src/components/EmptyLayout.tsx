import React from "react";
import type { ChromeData } from "../lib/page-data";
import { cmsPagesByKey } from "../lib/shop-content";
import { Consent } from "./Consent";
import { Toaster } from "./Toasts";
import "../styles.css";

/**
 * The empty layout (a CMS page of type EMPTY): the page's content alone, without header, menu
 * and footer, for a page opened from a mail or an app. The cookie consent stays: the page may
 * load the tag manager like any other.
 */
export function EmptyLayout({ chrome, children }: { chrome: ChromeData; children: React.ReactNode }) {
  const privacy = cmsPagesByKey(chrome.cmsLinks.nodes).get("privacy");
  return (
    <>
      <Consent privacyPath={privacy?.path ?? null} />
      <main id="content" className="container empty-layout">
        {children}
      </main>
      <Toaster />
    </>
  );
}
