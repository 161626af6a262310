/** The path without a leading URL-language segment (`/fr/search/` -> `/search/`). */
export function withoutLanguage(pathname: string, urlLanguages: readonly string[]): string {
  const first = pathname.split("/")[1] ?? "";
  return urlLanguages.includes(first) ? pathname.slice(first.length + 1) || "/" : pathname;
}
