import { hasReturnableLine, lineReturnState, RETURN_WINDOW_MS } from "./return-window";

const DELIVERED = "2026-11-01T10:00:00.000Z";
const at = (ms: number) => new Date(Date.parse(DELIVERED) + ms);

describe("lineReturnState", () => {
  test("open for 30 days from the line's delivery, to the millisecond", () => {
    const line = { delivered: 3, returned: 1, deliveredAt: DELIVERED };
    expect(lineReturnState(line, at(RETURN_WINDOW_MS))).toEqual({
      returnable: 2,
      complaintable: 2,
      returnableUntil: "2026-12-01T10:00:00.000Z",
      blockedReason: null,
    });
    expect(lineReturnState(line, at(RETURN_WINDOW_MS + 1))).toEqual({
      returnable: 0,
      complaintable: 2,
      returnableUntil: "2026-12-01T10:00:00.000Z",
      blockedReason: "window_closed",
    });
  });

  test("not delivered; all returned; more returned than delivered counts as nothing left", () => {
    expect(lineReturnState({ delivered: 0, returned: 0, deliveredAt: null }, at(0))).toEqual({
      returnable: 0,
      complaintable: 0,
      returnableUntil: null,
      blockedReason: "not_delivered",
    });
    expect(lineReturnState({ delivered: 2, returned: 2, deliveredAt: DELIVERED }, at(0))).toMatchObject({ returnable: 0, blockedReason: "already_returned" });
    expect(lineReturnState({ delivered: 2, returned: 5, deliveredAt: DELIVERED }, at(0))).toMatchObject({ returnable: 0, complaintable: 0 });
  });
});

describe("hasReturnableLine", () => {
  const product = (delivered: number, returned: number, deliveredAt: string | null) => ({ kind: "product", delivered, returned, deliveredAt });

  test("one product line with packages inside its window is enough", () => {
    expect(hasReturnableLine([product(1, 0, "2026-09-01T10:00:00.000Z"), product(2, 1, DELIVERED)], at(0))).toBe(true);
    expect(hasReturnableLine([product(1, 0, "2026-09-01T10:00:00.000Z"), product(2, 2, DELIVERED), product(0, 0, null)], at(0))).toBe(false);
    expect(hasReturnableLine([], at(0))).toBe(false);
  });

  test("free samples are not returned", () => {
    expect(hasReturnableLine([{ kind: "sample", delivered: 1, returned: 0, deliveredAt: DELIVERED }], at(0))).toBe(false);
  });
});
