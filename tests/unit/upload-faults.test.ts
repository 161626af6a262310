/**
 * R2 fails while a customer uploads the photos of a complaint (POST /apiv2/uploads): at any file,
 * whether R2 refused the write or wrote it and then lost the answer, the customer gets a failure
 * to retry, nothing half-written is kept (no upload row, no object left in the bucket), and the
 * retry with the same Idempotency-Key stores every photo once. Real route table, real local D1
 * and R2 (tests/kit/r2-faults.ts fails one put).
 */
import { createApiHarness, storedCounts, uploadRequest, type ApiHarness } from "@tests/kit/api-harness";
import { JPEG, PNG } from "@tests/kit/images";
import { failingPutAt, type R2Fault } from "@tests/kit/r2-faults";

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterAll(async () => {
  jest.restoreAllMocks();
  await h.dispose();
});

const PHOTOS = [
  { fileName: "kratzer.jpg", contentType: "image/jpeg", bytes: JPEG },
  { fileName: "fuge.png", contentType: "image/png", bytes: PNG },
  { fileName: "detail.jpg", contentType: "image/jpeg", bytes: JPEG },
];

test.each([1, 2, 3].flatMap((at) => (["refused", "timed-out"] as const).map((fault): [number, R2Fault] => [at, fault])))(
  "R2 fails at photo %i (%s): a failure to retry, nothing kept; the retry stores every photo once",
  async (at, fault) => {
    const before = await storedCounts(h);
    const key = crypto.randomUUID();
    const uploads = failingPutAt(h.env.UPLOADS, at, fault);
    const failed = await h.fetch(uploadRequest(PHOTOS, { headers: { "idempotency-key": key } }), { ...h.env, UPLOADS: uploads });
    expect(uploads.faulted()).toBe(true);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(((await failed.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe("Something went wrong. Try again.");
    expect(await storedCounts(h)).toEqual(before);

    const retried = await h.fetch(uploadRequest(PHOTOS, { headers: { "idempotency-key": key } }));
    expect(retried.status).toBe(200);
    const answer = (await retried.json()) as { data: { uploads: { fileName: string }[] } };
    expect(answer.data.uploads.map((upload) => upload.fileName)).toEqual(PHOTOS.map((photo) => photo.fileName));
    const after = await storedCounts(h);
    expect(after.uploads! - before.uploads!).toBe(PHOTOS.length);
    expect(after.r2Objects! - before.r2Objects!).toBe(PHOTOS.length);
  },
);
