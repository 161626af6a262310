/**
 * The one rule for names that hold a link ("names containing URLs
 * are refused"), shared by every form with a name: inquiries, the newsletter.
 */

/**
 * Top-level domains spam names use most, plus the country codes of the shops' markets: a
 * list rather than "any two letters", so abbreviations like `Prof.Dr`, `Dipl.-Ing.` or
 * `G.De Luca` pass.
 */
const LINK_TLDS = new Set([
  ..."com net org info biz io co me ly gl gd to cc tk ws xyz top online site shop store app dev link click club live win bid vip pro".split(" "),
  ..."icu sbs cfd tv ml ga cf gq ru su cn us uk eu de at ch fr it nl be lu es pt pl cz dk se no fi ie li ua in br".split(" "),
]);
/** Runs of characters a host name is made of (letters, digits, dots, hyphens, underscores). */
const HOST_RUN = /[\p{L}\p{N}._-]+/gu;
/** Schemes written without `//`. */
const BARE_SCHEME = /\b(?:mailto|javascript|data):/i;
/** A dot written out or spaced out: `example [dot] com`, `example (dot) com`, `example . com`. */
const SPELLED_DOT = /\s*(?:\[dot\]|\(dot\))\s*|\s+\.\s+/gi;
/** An e-mail address: an at sign with a dotted domain after it. */
const MAIL_ADDRESS = /@[^\s@]+\.[^\s@]/;

/**
 * True when a text holds a link or an e-mail address: a scheme (`https://`, anything with
 * `://`, `mailto:`, `javascript:`, `data:`), `www.`, or a host name with a common top-level
 * domain (`example.com`, `bit.ly`, `t.me/x`, also spelled `example [dot] com`): a label of two
 * or more characters before it, or any label when a path follows. Names with dots that are no
 * host (`J.R. Smith`, `Dr.Müller`, `G.De Luca`, `Dr. De Vries`) pass. Linear in the text's
 * length (no backtracking pattern), whatever it holds.
 */
export function containsUrl(text: string): boolean {
  // NFKC: full-width and ideographic dots and letters become their ASCII forms.
  const value = text
    .normalize("NFKC")
    .replace(/\u3002/g, ".")
    .replace(SPELLED_DOT, ".");
  if (value.includes("://") || BARE_SCHEME.test(value) || MAIL_ADDRESS.test(value)) return true;
  for (const match of value.matchAll(HOST_RUN)) {
    const labels = match[0].toLowerCase().split(".");
    if (labels.length < 2) continue;
    const pathFollows = value[match.index + match[0].length] === "/";
    for (let i = 1; i < labels.length; i++) {
      if (labels[i - 1] === "www" && labels[i] !== "") return true;
      if (LINK_TLDS.has(labels[i]!) && (labels[i - 1]!.length >= 2 || (pathFollows && labels[i - 1] !== "" && i === labels.length - 1))) return true;
    }
  }
  return false;
}
