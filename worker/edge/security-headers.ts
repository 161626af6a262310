import type { MiddlewareHandler } from "hono";
import type { EdgeSettings } from "../config/shop-config";
import { mutableResponse, replaceResponse, type EdgeEnv } from "./context";

/**
 * Security headers on every response (docs/decisions/0006):
 * HSTS (one year), nosniff, a referrer policy, and a CSP with object-src 'none',
 * base-uri and frame-ancestors. Scripts are 'self' plus the configured third
 * parties plus the SHA-256 hashes of the inline scripts of the HTML being served
 * (Gatsby 5 inlines its script loader and chunk map in every page); styles allow
 * 'unsafe-inline' (Gatsby inlines the CSS and React writes style attributes).
 */

export const HSTS = "max-age=31536000; includeSubDomains";
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/** Inline <script> elements without src (any type; a data block hashed by mistake costs nothing). */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

export function buildCsp(settings: EdgeSettings["contentSecurityPolicy"], scriptHashes: string[] = [], upgradeInsecure = true): string {
  const list = (...sources: string[][]) => [...new Set(sources.flat())].join(" ");
  const directives = [
    "default-src 'self'",
    `script-src ${list(["'self'"], scriptHashes.map((hash) => `'sha256-${hash}'`), settings.script)}`,
    `style-src ${list(["'self'", "'unsafe-inline'"], settings.style)}`,
    `img-src ${list(["'self'"], settings.img)}`,
    `font-src ${list(["'self'"], settings.font)}`,
    `connect-src ${list(["'self'"], settings.connect)}`,
    `frame-src ${settings.frame.length > 0 ? list(settings.frame) : "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  if (upgradeInsecure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** A CSP with `default-src 'none'` and `sandbox`: stricter than the site's for anything a browser could do with the answer. */
function isLockedDown(csp: string | null): boolean {
  const directives = (csp ?? "").split(";").map((directive) => directive.trim().toLowerCase());
  return directives.includes("default-src 'none'") && directives.includes("sandbox");
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    const hash = await sha256Base64(body);
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}

export function securityHeaders(settings: EdgeSettings): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    await next();
    const https = new URL(c.req.url).protocol === "https:";
    let response = c.res;
    const isHtml = (response.headers.get("content-type") ?? "").includes("text/html");
    let hashes: string[] = [];
    if (isHtml && response.body && response.status !== 304 && c.req.method !== "HEAD") {
      const html = await response.text();
      hashes = await inlineScriptHashes(html);
      replaceResponse(c, new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers }));
    }
    response = mutableResponse(c);
    const headers = response.headers;
    headers.set("strict-transport-security", HSTS);
    headers.set("x-content-type-options", "nosniff");
    headers.set("referrer-policy", REFERRER_POLICY);
    headers.set("permissions-policy", PERMISSIONS_POLICY);
    headers.set("x-frame-options", "SAMEORIGIN");
    // A 304 keeps the CSP stored with the full response (it carries that page's script hashes).
    // An answer that is not HTML keeps its own CSP when that allows nothing and sandboxes (the
    // shop API's file downloads); every other answer gets the site's.
    const ownCsp = !isHtml && isLockedDown(headers.get("content-security-policy"));
    if (response.status !== 304 && !ownCsp) headers.set("content-security-policy", buildCsp(settings.contentSecurityPolicy, hashes, https));
    headers.delete("x-powered-by");
    headers.delete("server");
  };
}
