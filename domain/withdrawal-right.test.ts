import { withdrawalRightRefusal, type WithdrawalParty } from "./withdrawal-right";

const consumer: WithdrawalParty = { shopHomeCountry: "de", shipToCountry: "de", billing: {}, customerType: null };

test("a consumer of an EU shop delivered into the EU/EEA has the right of withdrawal", () => {
  expect(withdrawalRightRefusal(consumer)).toBeNull();
  expect(withdrawalRightRefusal({ ...consumer, shopHomeCountry: "at", shipToCountry: "AT" })).toBeNull();
  expect(withdrawalRightRefusal({ ...consumer, shipToCountry: "no" })).toBeNull();
  expect(withdrawalRightRefusal({ ...consumer, customerType: "private", billing: { companyName: "Muster GmbH" } })).toBeNull();
  expect(withdrawalRightRefusal({ ...consumer, billing: { companyName: "  ", vatId: "" } })).toBeNull();
});

test("the Swiss shop, and deliveries out of the EU/EEA, have none", () => {
  expect(withdrawalRightRefusal({ ...consumer, shopHomeCountry: "ch", shipToCountry: "ch" })).toBe("not_eu");
  expect(withdrawalRightRefusal({ ...consumer, shopHomeCountry: "ch", shipToCountry: "li" })).toBe("not_eu");
  expect(withdrawalRightRefusal({ ...consumer, shipToCountry: "ch" })).toBe("not_eu");
  expect(withdrawalRightRefusal({ ...consumer, shipToCountry: "gb" })).toBe("not_eu");
  expect(withdrawalRightRefusal({ ...consumer, shipToCountry: "" })).toBe("not_eu");
});

test("a business: an account of that type, or a guest whose billing address names a company or a VAT ID", () => {
  expect(withdrawalRightRefusal({ ...consumer, customerType: "business" })).toBe("business");
  expect(withdrawalRightRefusal({ ...consumer, billing: { companyName: "Muster GmbH" } })).toBe("business");
  expect(withdrawalRightRefusal({ ...consumer, billing: { vatId: "DE123456789" } })).toBe("business");
});
