/**
 * The back office's staff sessions (docs/decisions/0033): the shop API ends a session this
 * long after its login or after this long without a call; the edge gives the staff cookie
 * the same lifetime, so cookie and session end together.
 */
export const STAFF_SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
export const STAFF_IDLE_TIMEOUT_SECONDS = 30 * 60;
