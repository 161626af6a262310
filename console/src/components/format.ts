/** How the console writes problems (errors with the field they concern) and filter queries; dates and numbers are in intl.ts. */
import { ApiError, errorText } from "../api";

/** Every message of a failed call, the field named where there is one (`from: Expected a day as YYYY-MM-DD`). */
export function problemText(problem: unknown): string {
  if (!(problem instanceof ApiError)) return problem instanceof Error ? problem.message : String(problem);
  const specific = problem.errors.filter((error) => error.field);
  const items = specific.length > 0 ? specific : problem.errors;
  return items
    .map((error) => {
      const text = errorText(error, problem.retryAfterSeconds);
      return error.field ? `${error.field}: ${text}` : text;
    })
    .join(" ");
}

/** The query string of the non-empty values (`?shop=DE&state=ordered`), or an empty string. */
export function queryString(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== null && value !== undefined && String(value).trim() !== "") params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}
