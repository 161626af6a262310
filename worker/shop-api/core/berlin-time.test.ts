import { berlinTime, BUSINESS_TIME_ZONE } from "./berlin-time";

/** The zone's wall-clock time of an instant as ICU gives it, asked afresh each time. */
function icuTime(instant: Date) {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    weekday: "short",
    hourCycle: "h23",
  });
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday!),
  };
}

describe("berlinTime", () => {
  test.each([
    ["the night to summer time", "2026-03-28T22:00:00.000Z", "2026-03-29T04:00:00.000Z"],
    ["the night to winter time", "2026-10-24T22:00:00.000Z", "2026-10-25T04:00:00.000Z"],
    ["a leap day's midnight", "2028-02-28T22:00:00.000Z", "2028-02-29T02:00:00.000Z"],
    ["the turn of a year", "2026-12-31T21:00:00.000Z", "2027-01-01T01:00:00.000Z"],
  ])("equals ICU's time zone every 7 minutes and 13 seconds across %s", (_night, from, to) => {
    for (let at = Date.parse(from); at <= Date.parse(to); at += 433_000) {
      expect({ at: new Date(at).toISOString(), ...berlinTime(new Date(at)) }).toEqual({ at: new Date(at).toISOString(), ...icuTime(new Date(at)) });
    }
  });

  test("the hours around a change of offset, in any order of asking", () => {
    const instants = [
      "2026-10-25T00:59:59.999Z",
      "2026-10-25T01:00:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T00:59:59.000Z",
    ];
    expect(instants.map((instant) => berlinTime(new Date(instant)))).toEqual([
      { date: "2026-10-25", hour: 2, minute: 59, second: 59, weekday: 0 },
      { date: "2026-10-25", hour: 2, minute: 0, second: 0, weekday: 0 },
      { date: "2026-10-25", hour: 2, minute: 30, second: 0, weekday: 0 },
      { date: "2026-03-29", hour: 3, minute: 0, second: 0, weekday: 0 },
      { date: "2026-03-29", hour: 1, minute: 59, second: 59, weekday: 0 },
    ]);
  });

  test("an invalid instant is refused as ICU refuses it", () => {
    expect(() => berlinTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
