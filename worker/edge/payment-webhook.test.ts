import { DE, testApp } from "@tests/kit/edge";

test("a payment provider's webhook reaches the shop API with its signature and its body as sent (docs/decisions/0066)", async () => {
  const t = testApp();
  const body = '{"id":"evt_1","type":"checkout.session.completed"}';
  const signature = "t=1700000000,v1=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  await t.request(`${DE}/apiv2/checkout/payment/stripe/callback`, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    body,
  });
  const sent = t.upstream.requests[0]!;
  expect(sent.headers.get("stripe-signature")).toBe(signature);
  expect(await sent.text()).toBe(body);
});

test("PayPal's webhook reaches the shop API with its five transmission headers and its body as sent (docs/decisions/0069)", async () => {
  const t = testApp();
  const body = '{"id":"WH-1","event_type":"CHECKOUT.ORDER.APPROVED"}';
  const transmission = {
    "paypal-transmission-id": "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
    "paypal-transmission-time": "2026-11-29T07:00:00Z",
    "paypal-transmission-sig":
      "lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tZj9Ug==",
    "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77",
    "paypal-auth-algo": "SHA256withRSA",
  };
  await t.request(`${DE}/apiv2/checkout/payment/paypal/callback`, { method: "POST", headers: { "content-type": "application/json", ...transmission }, body });
  const sent = t.upstream.requests[0]!;
  expect(Object.fromEntries(Object.keys(transmission).map((name) => [name, sent.headers.get(name)]))).toEqual(transmission);
  expect(await sent.text()).toBe(body);
});
