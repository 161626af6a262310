/**
 * Headers the edge sets on every call it proxies to the shop API (never taken from the
 * browser, docs/decisions/0007): the shop it resolved from the host and the language of
 * the page's path. The shop API resolves its shop from these alone. The client's address
 * (Cloudflare's CF-Connecting-IP) goes along for what is counted per caller without a token.
 */
export const SHOP_ID_HEADER = "x-shop-id";
export const SHOP_LANGUAGE_HEADER = "x-shop-language";
export const SHOP_CLIENT_IP_HEADER = "x-shop-client-ip";
