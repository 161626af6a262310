/** How the console writes times and problems: times in the staff's browser time zone, errors with the field they concern. */
import { ApiError } from "../api";

/** `18 Nov 2026, 09:00` for an ISO time; a dash for none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "–";
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return time.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** Every message of a failed call, the field named where there is one (`from: Expected a day as YYYY-MM-DD`). */
export function problemText(problem: unknown): string {
  if (!(problem instanceof ApiError)) return problem instanceof Error ? problem.message : String(problem);
  const specific = problem.errors.filter((error) => error.field);
  const items = specific.length > 0 ? specific : problem.errors;
  return items.map((error) => (error.field ? `${error.field}: ${error.message}` : error.message)).join(" ");
}

/** The query string of the non-empty values (`?shop=DE&state=ordered`), or an empty string. */
export function queryString(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== null && value !== undefined && String(value).trim() !== "") params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}
