/**
 * The shop-branded frame of every mail, as HTML and as plain text from the same blocks:
 * the shop's name on top, the template's blocks, and a footer with the shop's name, its
 * address on the web and why the mail was sent. Every text is HTML-escaped in the HTML
 * part (values and translations alike; the locale files hold no markup), line breaks in
 * a text become <br>.
 */
import { escapeHtml } from "@worker/lib/escape-html";

export type MailBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** A titled bullet list (the samples of an order). */
  | { kind: "list"; title: string; items: string[] }
  /** Titled lines without bullets (an address). */
  | { kind: "lines"; title: string; lines: string[] }
  /** A titled part of running text in paragraphs (the terms and the withdrawal information of an order). */
  | { kind: "section"; title: string; paragraphs: string[] }
  /** A link as a button (the account's mails: confirm the address, set a new password). */
  | { kind: "link"; text: string; url: string }
  /** A small muted note ending in a plain link (the newsletter's unsubscribe link). */
  | { kind: "footnote"; text: string; linkText: string; url: string };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
}

export interface MailBrand {
  language: string;
  shopName: string;
  /** The shop's home page in the sender's environment. */
  homeUrl: string;
  /** Why the recipient gets this mail (layout.automatic). */
  footerNote: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const COLORS = { brand: "#2f4a3a", text: "#222222", muted: "#6b6b6b", page: "#f3f1ec", card: "#ffffff", rule: "#e2ded5" } as const;
const FONT = "font-family:Arial,Helvetica,sans-serif";

/** Text with HTML special characters escaped and line breaks kept. */
const html = (text: string): string => escapeHtml(text).replace(/\r?\n/g, "<br>");

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case "heading":
      return `<h1 style="${FONT};font-size:22px;line-height:1.3;color:${COLORS.brand};margin:0 0 16px">${html(block.text)}</h1>`;
    case "paragraph":
      return `<p style="${FONT};font-size:15px;line-height:1.5;color:${COLORS.text};margin:0 0 14px">${html(block.text)}</p>`;
    case "list":
      return `<h2 style="${FONT};font-size:16px;color:${COLORS.brand};margin:20px 0 8px">${html(block.title)}</h2>
<ul style="${FONT};font-size:15px;line-height:1.5;color:${COLORS.text};margin:0 0 14px;padding-left:20px">${block.items.map((item) => `<li>${html(item)}</li>`).join("")}</ul>`;
    case "lines":
      return `<h2 style="${FONT};font-size:16px;color:${COLORS.brand};margin:20px 0 8px">${html(block.title)}</h2>
<p style="${FONT};font-size:15px;line-height:1.5;color:${COLORS.text};margin:0 0 14px">${block.lines.map(html).join("<br>")}</p>`;
    case "section":
      return `<h2 style="${FONT};font-size:16px;color:${COLORS.brand};margin:28px 0 8px">${html(block.title)}</h2>
${block.paragraphs.map((text) => `<p style="${FONT};font-size:13px;line-height:1.5;color:${COLORS.text};margin:0 0 10px">${html(text)}</p>`).join("\n")}`;
    case "link":
      return `<p style="margin:8px 0 22px"><a href="${escapeHtml(block.url)}" style="${FONT};font-size:15px;font-weight:bold;color:#ffffff;background:${COLORS.brand};padding:12px 20px;text-decoration:none;display:inline-block">${html(block.text)}</a></p>
<p style="${FONT};font-size:12px;line-height:1.5;color:${COLORS.muted};margin:0 0 14px;word-break:break-all">${html(block.url)}</p>`;
    case "footnote":
      return `<p style="${FONT};font-size:12px;line-height:1.5;color:${COLORS.muted};margin:22px 0 0">${html(block.text)} <a href="${escapeHtml(block.url)}" style="color:${COLORS.muted}">${html(block.linkText)}</a></p>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case "heading":
      return `${block.text}\n${"=".repeat(Math.min(block.text.length, 72))}`;
    case "paragraph":
      return block.text;
    case "list":
      return `${block.title}:\n${block.items.map((item) => `- ${item}`).join("\n")}`;
    case "lines":
      return `${block.title}:\n${block.lines.join("\n")}`;
    case "section":
      return `${block.title}\n${"-".repeat(Math.min(block.title.length, 72))}\n\n${block.paragraphs.join("\n\n")}`;
    case "link":
      return `${block.text}:\n${block.url}`;
    case "footnote":
      return `${block.text} ${block.linkText}:\n${block.url}`;
  }
}

/** The host and path of a URL, for showing it (the link itself keeps the scheme). */
const shownUrl = (url: string): string => url.replace(/^https?:\/\//, "").replace(/\/$/, "");

export function renderLayout(content: MailContent, brand: MailBrand): RenderedMail {
  // A subject is one header line: line breaks from any source would start a new header.
  const subject = content.subject.replace(/\s+/g, " ").trim();
  const shop = html(brand.shopName);
  const home = escapeHtml(brand.homeUrl);
  const htmlPart = `<!doctype html>
<html lang="${escapeHtml(brand.language === "at" ? "de-AT" : brand.language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${html(subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:${COLORS.card}">
<tr><td style="background:${COLORS.brand};padding:18px 28px;${FONT};font-size:20px;font-weight:bold;color:#ffffff">${shop}</td></tr>
<tr><td style="padding:28px">
${content.blocks.map(blockHtml).join("\n")}
</td></tr>
<tr><td style="border-top:1px solid ${COLORS.rule};padding:18px 28px;${FONT};font-size:12px;line-height:1.5;color:${COLORS.muted}">${shop} · <a href="${home}" style="color:${COLORS.muted}">${html(shownUrl(brand.homeUrl))}</a><br>${html(brand.footerNote)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  const textPart = [
    brand.shopName,
    "",
    ...content.blocks.map((block) => `${blockText(block)}\n`),
    "--",
    `${brand.shopName} · ${brand.homeUrl}`,
    brand.footerNote,
    "",
  ].join("\n");
  return { subject, html: htmlPart, text: textPart };
}
