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
