import { syncContinues } from "./source-nodes";

describe("syncContinues: when a build may source only the imports after the one it read last", () => {
  const history = "2026-11-01T08:00:00.000Z";

  it("continues the same history, with or without newer imports", () => {
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 7, historyStart: history })).toBe(true);
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 9, historyStart: history })).toBe(true);
  });

  it("sources everything without a version read before (first build, or a cache of the time-based sync)", () => {
    expect(syncContinues(undefined, { lastImport: 3, historyStart: history })).toBe(false);
  });

  it("sources everything when the catalogue was replaced: another history, or one that went backwards", () => {
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 9, historyStart: "2026-11-25T01:00:00.000Z" })).toBe(false);
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 2, historyStart: history })).toBe(false);
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 0, historyStart: null })).toBe(false);
  });
});
