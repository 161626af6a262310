/**
 * html-validate rules for the built pages (tests/e2e/pages.spec.ts, and `npx html-validate`
 * on a dist folder). The recommended preset, with these exceptions for markup that
 * Gatsby and React generate and that is valid HTML:
 */
module.exports = {
  extends: ["html-validate:recommended"],
  rules: {
    // Gatsby's mount point is <div id="___gatsby"> (and its focus wrapper): ids starting
    // with "_" are valid HTML (any non-empty id without whitespace), only the strict rule
    // asks for a leading letter. Relaxed keeps the HTML checks (empty ids, whitespace).
    "valid-id": ["error", { relaxed: true }],
    // React writes boolean and empty attributes as name="" (hidden="", disabled=""), while
    // Gatsby's own script tags use the bare form (<script src=... async>): both are valid.
    "attribute-boolean-style": "off",
    "attribute-empty-style": ["error", { style: "empty" }],
    // React writes void elements self-closed (<meta ... />, <img ... />).
    "void-style": ["error", { style: "selfclose" }],
    // React's attribute names in the head (e.g. crossOrigin is written in lower case, but
    // gatsby-script and data-gatsby-head attributes are not all normalised).
    "attr-case": "off",
    // Gatsby inlines the critical CSS and its focus wrapper has style="outline:none".
    "no-inline-style": "off",
    // Scripts and styles are same-origin; integrity hashes would break incremental builds
    // that rewrite only changed pages.
    "require-sri": "off",
    // Page titles carry the product name and the shop name; search engines truncate, users do not.
    "long-title": "off",
  },
};
