import { effectiveOfferState, OFFER_STATES } from "./offers";

describe("offer states", () => {
  test("the five states of the issue", () => {
    expect([...OFFER_STATES]).toEqual(["requested", "offered", "accepted", "declined", "expired"]);
  });

  test("an offered or accepted offer is valid on its last day and expired the day after", () => {
    expect(effectiveOfferState("offered", "2025-03-31", "2025-03-31")).toBe("offered");
    expect(effectiveOfferState("offered", "2025-03-31", "2025-04-01")).toBe("expired");
    expect(effectiveOfferState("accepted", "2025-03-31", "2025-03-31")).toBe("accepted");
    expect(effectiveOfferState("accepted", "2025-03-31", "2025-04-01")).toBe("expired");
  });

  test("a declined offer stays declined after its date", () => {
    expect(effectiveOfferState("declined", "2025-03-31", "2025-05-01")).toBe("declined");
    expect(effectiveOfferState("expired", "2025-03-31", "2025-03-01")).toBe("expired");
  });
});
