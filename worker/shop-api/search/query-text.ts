/**
 * Turning what a visitor typed into FTS5 match expressions (docs/decisions/0020):
 * - terms of three or more characters match as substrings through the trigram index,
 *   so parts of compound words match ('diele' in 'Landhausdiele', 'vinyl' in 'Klick-Vinyl');
 * - shorter terms ('14', 'mm') match as word prefixes through the word index;
 * - words of five or more letters may be replaced by vocabulary words one edit away.
 * No stemming: German compounds and product codes are matched literally.
 */

/**
 * Most distinct terms a query may have (docs/decisions/0027): every term adds a condition
 * to the statements of a search, so a query of a hundred one-letter terms is refused
 * (400) instead of reaching D1's limits.
 */
export const MAX_QUERY_TERMS = 10;

/**
 * The printable part of what a visitor typed: tabs and line breaks become spaces; every
 * other control character (NUL ends an FTS5 string), format character (bidi overrides,
 * zero-width spaces), private-use, surrogate or unassigned code point is removed.
 */
export function printableText(raw: string): string {
  return raw.replace(/[\t\n\v\f\r]/g, " ").replace(/\p{C}/gu, "");
}

/** Case-folded, trimmed, single-spaced; what the query log stores and exact matches compare. */
export function normalizeQuery(raw: string): string {
  return raw.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Characters that count towards the minimum length (what the visitor typed, without surrounding space). */
export function queryLength(raw: string): number {
  return [...raw.trim()].length;
}

/** Letters without accents, as the word index stores them (unicode61 remove_diacritics 2). */
export function foldDiacritics(term: string): string {
  return term.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

export interface ParsedQuery {
  /** normalized whole query */
  text: string;
  /** terms of three or more characters (trigram substring matching) */
  long: string[];
  /** terms of one or two characters (word prefix matching) */
  short: string[];
}

const SEPARATORS = /[\s"'`´()[\]{}<>*^:;!?,+|~=#&%$§\\]+/;

/** The distinct terms of a query, in the order typed (what MAX_QUERY_TERMS counts). */
export function queryTerms(raw: string): string[] {
  const terms: string[] = [];
  for (const part of normalizeQuery(raw).split(SEPARATORS)) {
    const term = part.replace(/^[-./]+|[-./]+$/g, "");
    if (term && !terms.includes(term)) terms.push(term);
  }
  return terms;
}

export function parseQuery(raw: string): ParsedQuery {
  const text = normalizeQuery(raw);
  const long: string[] = [];
  const short: string[] = [];
  for (const term of queryTerms(text)) ([...term].length >= 3 ? long : short).push(term);
  // A term contained in another long term adds nothing ("eich eiche").
  const kept = long.filter((term) => !long.some((other) => other !== term && other.includes(term)));
  // A single character narrows nothing but costs a scan of every word starting with it
  // ("vinyl e" while typing): it counts only when nothing else was typed.
  const meaningful = kept.length > 0 || short.some((term) => [...term].length > 1) ? short.filter((term) => [...term].length > 1) : short;
  return { text, long: kept, short: meaningful };
}

/** An FTS5 string literal. */
export function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * The trigram match expression: every long term must occur; a term with corrections
 * matches the term or any of them.
 */
export function trigramExpression(terms: string[], corrections: Record<string, string[]> = {}): string {
  return terms
    .map((term) => {
      const alternatives = [term, ...(corrections[term] ?? [])];
      return alternatives.length === 1 ? quote(term) : `(${alternatives.map(quote).join(" OR ")})`;
    })
    .join(" AND ");
}

/**
 * The word-index expression for short terms: letters begin a word ("mm"*), numbers are
 * whole words ("14", not 140 or the 14xxxx of article numbers, which would merge thousands
 * of index entries).
 */
export function wordExpression(terms: string[]): string {
  return terms.map((term) => (/^[\d.,]+$/.test(term) ? quote(term) : `${quote(term)}*`)).join(" AND ");
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyzß".split("");

/** Terms that get typo tolerance: five or more letters (no digits: codes stay exact). */
export function isTypoCandidate(term: string): boolean {
  return [...term].length >= 5 && /^\p{L}+$/u.test(term);
}

/** Every string one edit (delete, transpose, replace, insert) away from the folded term. */
export function editsOne(term: string): string[] {
  const word = [...foldDiacritics(term)];
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i).join("");
    const tail = word.slice(i);
    if (tail.length > 0) out.add(head + tail.slice(1).join(""));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2).join(""));
    for (const letter of ALPHABET) {
      if (tail.length > 0 && letter !== tail[0]) out.add(head + letter + tail.slice(1).join(""));
      out.add(head + letter + tail.join(""));
    }
  }
  out.delete(word.join(""));
  return [...out];
}
