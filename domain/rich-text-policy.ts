/**
 * What rich text from the catalogue and the CMS may contain (product descriptions,
 * category texts, CMS pages, header banners): the formatting merchandisers use and
 * nothing that runs, loads or restyles the page. Anything else is dropped (a dropped
 * element keeps its text, except those in `dropWithContent`). Pure data: it is applied
 * with sanitize-html in Node where rich text enters, the pages' build
 * (site/sourcing/sanitize.ts) and the catalogue import.
 */
export interface RichTextPolicy {
  tags: readonly string[];
  /** Attributes per tag; nothing else is kept (no style, class, id, name or event handlers). */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** The only values an attribute may have, space-separated lists filtered word by word. */
  attributeValues: Readonly<Record<string, readonly string[]>>;
  /** URL schemes per tag for href and src; a relative URL (path, query, fragment) is always fine, `//host/...` never. */
  schemes: Readonly<Record<string, readonly string[]>>;
  /** Elements dropped together with their content. */
  dropWithContent: readonly string[];
  /** rel values every link that opens a new window gets (no window.opener, no referrer). */
  newWindowRel: readonly string[];
}

export const RICH_TEXT_POLICY: RichTextPolicy = {
  tags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "a",
    "img",
    "blockquote",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  attributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  attributeValues: {
    target: ["_blank"],
    rel: ["nofollow", "noopener", "noreferrer", "sponsored", "ugc"],
    scope: ["row", "col", "rowgroup", "colgroup"],
  },
  schemes: {
    a: ["http", "https", "mailto", "tel"],
    img: ["http", "https"],
  },
  dropWithContent: [
    "script",
    "style",
    "template",
    "noscript",
    "iframe",
    "object",
    "embed",
    "textarea",
    "select",
    "option",
    "title",
    "xmp",
    "noembed",
    "noframes",
  ],
  newWindowRel: ["noopener", "noreferrer"],
};
