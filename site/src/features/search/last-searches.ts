/** The visitor's last searches, kept in localStorage (newest first, at most 8). */
const KEY = "bh.search.last";
const MAX = 8;

export function readLastSearches(storage: Pick<Storage, "getItem"> | undefined = safeStorage()): string[] {
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string").slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(query: string, storage: Pick<Storage, "getItem" | "setItem"> | undefined = safeStorage()): string[] {
  const text = query.trim();
  if (!text || !storage) return readLastSearches(storage);
  const list = [text, ...readLastSearches(storage).filter((item) => item.toLowerCase() !== text.toLowerCase())].slice(0, MAX);
  try {
    storage.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: the list is just not kept
  }
  return list;
}

export function forgetSearches(storage: Pick<Storage, "removeItem"> | undefined = safeStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // ignore
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
