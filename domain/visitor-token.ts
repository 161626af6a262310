/**
 * The token cookie lives 30 days. The edge gives the cookie this Max-Age and the
 * shop API accepts a visitor for as long after its last activity (docs/decisions/0029).
 */
export const TOKEN_LIFETIME_DAYS = 30;
