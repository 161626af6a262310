import sanitizeHtml from "sanitize-html";
import { RICH_TEXT_POLICY } from "./rich-text-policy";

/**
 * The policy's attribute values (others drop the attribute), then the rel values of a link
 * that opens a new window, whatever it had.
 */
function attributeRules(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const allowed = RICH_TEXT_POLICY.attributeValues[name];
    const words = allowed ? value.split(/\s+/).filter((word) => allowed.includes(word)) : [value];
    if (words.length > 0) kept[name] = words.join(" ");
  }
  if (kept.target === "_blank") kept.rel = [...new Set([...(kept.rel ?? "").split(" ").filter(Boolean), ...RICH_TEXT_POLICY.newWindowRel])].join(" ");
  return { tagName, attribs: kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_POLICY.tags],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_POLICY.attributes).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [],
  allowedSchemesByTag: Object.fromEntries(Object.entries(RICH_TEXT_POLICY.schemes).map(([tag, schemes]) => [tag, [...schemes]])),
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: [...RICH_TEXT_POLICY.dropWithContent],
  transformTags: { "*": attributeRules },
  // An image whose source was refused is no image.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/**
 * Rich text as the pages may render it (domain/rich-text-policy.ts): applied to every
 * catalogue and CMS field the templates insert as HTML, when the build reads it, so no
 * markup outside the policy reaches a page. Entities are decoded before URLs are checked
 * (`java&#115;cript:` is `javascript:`) and text is written back escaped (a raw `&`
 * becomes `&amp;`).
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
