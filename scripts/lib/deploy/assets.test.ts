import { assetCountProblem } from "./assets";

test("an upload over its plan's asset file limit is refused, pointing to R2", () => {
  expect(assetCountProblem(20_000, "free")).toBeNull();
  expect(assetCountProblem(20_001, "free")).toMatch(/^the upload has 20001 files, over the free plan's 20000 per deployment: publish a shop to R2/);
  expect(assetCountProblem(100_000, "paid")).toBeNull();
  expect(assetCountProblem(100_001, "paid")).toMatch(/over the paid plan's 100000/);
});
