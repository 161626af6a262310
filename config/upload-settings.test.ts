import rawConfig from "./shops.json";
import { configProblems } from "@tests/kit/config-problems";
import { looseCopy, type LooseJson } from "@tests/kit/loose-json";
import { parseShopConfig } from "./shop-config";

const withUploads = (uploads: Record<string, unknown> | undefined): LooseJson => {
  const raw = looseCopy(rawConfig);
  if (uploads === undefined) delete raw.uploads;
  else raw.uploads = uploads;
  return raw;
};

const problems = configProblems;

describe("the uploads section of the shop config", () => {
  test("the committed numbers: 10 MiB a file, 6 files, 40 MiB a request, 60 s at the edge, 24 h unattached", () => {
    expect(parseShopConfig(rawConfig).uploads).toEqual({
      maxFileBytes: 10_485_760,
      maxFiles: 6,
      maxRequestBytes: 41_943_040,
      timeoutMs: 60_000,
      unattachedRetentionHours: 24,
    });
  });

  test("without the section the same defaults apply", () => {
    expect(parseShopConfig(withUploads(undefined)).uploads).toEqual(parseShopConfig(rawConfig).uploads);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["a file limit above the request limit", { maxFileBytes: 20_000_000, maxRequestBytes: 10_000_000 }, "uploads.maxFileBytes"],
    ["no files", { maxFiles: 0 }, "uploads.maxFiles"],
    ["a fractional limit", { maxRequestBytes: 1.5e6 + 0.5 }, "uploads.maxRequestBytes"],
    ["an unknown key", { maxFileSize: 1 }, "uploads"],
  ])("refused: %s", (_label, uploads, path) => {
    expect(problems(withUploads(uploads)).some((problem) => problem.startsWith(path))).toBe(true);
  });
});
