/** The statuses the edge answers with an error page. */
export type ErrorStatus = 400 | 404 | 500 | 503;

/** Thrown by any piece to answer with an error page (error-pages.ts renders it). */
export class PageError extends Error {
  constructor(
    readonly status: ErrorStatus,
    reason = "",
  ) {
    super(reason || `page error ${status}`);
    this.name = "PageError";
  }
}
