/**
 * Headers the edge sets on every call it proxies to the shop API (never taken from the
 * browser, docs/decisions/0007): the shop it resolved from the host and the language of
 * the page's path. The shop API resolves its shop from these alone.
 */
export const SHOP_ID_HEADER = "x-shop-id";
export const SHOP_LANGUAGE_HEADER = "x-shop-language";
/**
 * The client's IP address: Cloudflare sets it on every request that reaches the edge
 * (a value sent by the client is replaced). The edge decides whether it holds (worker/edge/client-address.ts)
 * and only then sets it on the call it proxies. The shop API keys its per-IP rate limits and
 * lockouts by it and reads no other IP header.
 */
export const CLIENT_IP_HEADER = "cf-connecting-ip";
/** The shared secret (env TRUSTED_PROXY_SECRET) a proxy of its own in front of the edge proves itself with; it never goes upstream. */
export const TRUSTED_PROXY_HEADER = "x-trusted-proxy";
/**
 * The visitor token the shop API hands to the edge in a response header (never in a JSON
 * body page scripts could read): a write that created a visitor, or a request that renewed
 * its visitor (at most once a day). The edge turns it into the environment's token cookie
 * and never passes the header on to the browser (docs/decisions/0029).
 */
export const VISITOR_TOKEN_HEADER = "x-visitor-token";
/**
 * A back-office staff session token, both ways between the edge and the shop API (never
 * seen by the browser, whose cookie `__Host-bh_staff` carries it): the edge sends the
 * token of the staff cookie in this request header on the back-office host only; the shop
 * API answers a login with the new token in this response header and a logout or an ended
 * session with an empty value, which deletes the cookie (worker/shop-api/core/staff-auth.ts).
 */
export const STAFF_SESSION_HEADER = "x-staff-session";
/**
 * A customer's session token, both ways between the edge and the shop API (never seen by
 * page scripts: the browser keeps it in the host-only HttpOnly cookie
 * `__Host-<environments.<env>.sessionCookie>`): the edge sends the cookie's token in this
 * request header on shop hosts (a client's own header is dropped); the shop API answers a
 * sign-in or a rotation with the new token in this response header, and a logout or an
 * ended session with an empty value, which deletes the cookie (core/customer-session.ts).
 */
export const CUSTOMER_SESSION_HEADER = "x-customer-session";
