import { clientKey, perIpBucket } from "./rate-limit";

describe("which per-IP bucket a request counts against", () => {
  test.each<[string, string, ReturnType<typeof perIpBucket>]>([
    ["POST", "/apiv2/cart", "write"],
    ["PUT", "/apiv2/shipping/costs/country", "write"],
    ["DELETE", "/apiv2/anything", "write"],
    ["PATCH", "/apiv1/product/x", "write"],
    ["OPTIONS", "/apiv2/cart", "write"],
    ["PUT", "/cart/addSampleBySku/X", "write"],
    ["POST", "/configuration/cart/add", "write"],
    ["POST", "/apiv2", "write"],
    ["POST", "/apiv2/cart/", "write"],
    ["GET", "/apiv2/cart", null],
    ["HEAD", "/apiv2/cart", null],
    ["GET", "/apiv2/captcha/challenge", null],
    ["GET", "/apiv2/search", "search"],
    ["GET", "/apiv2/search/", "search"],
    ["GET", "/apiv2/search/suggestions", "search"],
    ["POST", "/apiv2/search", "search"],
    ["GET", "/apiv2/searchlike", null],
    ["GET", "/apiv2/address/find", "search"],
    ["GET", "/apiv2/address/retrieve", "search"],
    ["GET", "/apiv2/addressbook", null],
    ["POST", "/apiv2/searchlike", "write"],
    ["POST", "/graphql", "graphql"],
    ["GET", "/graphql", "graphql"],
    ["POST", "/graphql///", "graphql"],
    ["POST", "/admin/catalogue/import", null],
    ["GET", "/admin/search/report", null],
    ["POST", "/admin/api/session", "staff"],
    ["GET", "/admin/api/session", "staff"],
    ["GET", "/admin/api/publishing/", "staff"],
    ["GET", "/admin/apix", null],
    ["POST", "/apiv2x/cart", null],
    ["POST", "/cartoon", null],
  ])("%s %s -> %s", (method, path, bucket) => {
    expect(perIpBucket(method, path)).toBe(bucket);
  });
});

describe("the rate-limit key of a request", () => {
  const key = (ip?: string) => clientKey(new Request("https://shop-api.internal/", { headers: ip === undefined ? {} : { "cf-connecting-ip": ip } }));

  test.each<[string | undefined, string]>([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::", "fe80:0:0:0::/64"],
    [undefined, "unknown"],
    ["", "unknown"],
    ["256.1.1.1", "unknown"],
    ["1.2.3", "unknown"],
    ["1:2:3:4:5:6:7", "unknown"],
    ["1::2::3", "unknown"],
    ["1:2:3:4:5:6:7:8:9", "unknown"],
    ["::ffff:203.0.113.7", "unknown"],
    ["12345::1", "unknown"],
    ["203.0.113.7, 198.51.100.1", "unknown"],
  ])("%p -> %s", (ip, expected) => {
    expect(key(ip)).toBe(expected);
  });
});
