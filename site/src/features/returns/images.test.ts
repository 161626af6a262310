import { checkImage, countingImages, MAX_IMAGE_BYTES, planImages, uploadErrorOf, uploadIds, type ImageEntry } from "./images";

const entry = (status: ImageEntry["status"], uploadId?: string): ImageEntry => ({
  key: `k-${Math.random()}`,
  name: "a.jpg",
  size: 1,
  status,
  preview: null,
  upload: uploadId ? { uploadId, name: "a.jpg", size: 1 } : null,
  error: null,
});

test("the extension and the size are checked before sending; every error names its file", () => {
  expect(checkImage({ name: "IMG_0001.HEIC", size: 5 })).toBeNull();
  expect(checkImage({ name: "photo.jpeg", size: MAX_IMAGE_BYTES })).toBeNull();
  expect(checkImage({ name: "photo.jpg.html", size: 5 })).toEqual({ code: "extension_not_allowed", params: { file: "photo.jpg.html" } });
  expect(checkImage({ name: "drawing.svg", size: 5 })).toEqual({ code: "extension_not_allowed", params: { file: "drawing.svg" } });
  expect(checkImage({ name: "jpg", size: 5 })).toEqual({ code: "extension_not_allowed", params: { file: "jpg" } });
  expect(checkImage({ name: "big.png", size: MAX_IMAGE_BYTES + 1 })).toEqual({ code: "file_too_large", params: { file: "big.png", maxMegabytes: 10 } });
  expect(checkImage({ name: "empty.png", size: 0 })).toEqual({ code: "upload_error", params: { file: "empty.png" } });
});

test("at most 6 images: failed ones do not count, the rest beyond 6 is left out", () => {
  const existing = [entry("done", "u1"), entry("uploading"), entry("error"), entry("done", "u2")];
  expect(countingImages(existing)).toBe(3);
  const files = ["1.jpg", "2.pdf", "3.png", "4.webp", "5.jpg"].map((name) => ({ name, size: 10 }));
  const plan = planImages(existing, files);
  expect(plan.accepted.map((file) => file.name)).toEqual(["1.jpg", "3.png", "4.webp"]);
  expect(plan.refused.map(({ file, error }) => [file.name, error.code])).toEqual([["2.pdf", "extension_not_allowed"]]);
  expect(plan.overLimit).toBe(1);
  expect(uploadIds(existing)).toEqual(["u1", "u2"]);
});

test("the API's refusals become the page's words for that file; anything else is the upload error", () => {
  expect(uploadErrorOf("a.jpg", [{ code: "file_too_large", params: { file: "a.jpg", maxBytes: 10485760, maxMegabytes: 10 } }])).toEqual({
    code: "file_too_large",
    params: { file: "a.jpg", maxBytes: 10485760, maxMegabytes: 10 },
  });
  expect(uploadErrorOf("b.png", [{ code: "upload_failed", params: { file: "b.png" } }]).code).toBe("upload_error");
  expect(uploadErrorOf("c.png", [{ code: "type_not_allowed" }])).toEqual({ code: "type_not_allowed", params: { maxMegabytes: 10, file: "c.png" } });
  // The returns API's contract codes, with the core's finer reason kept in params.reason.
  expect(uploadErrorOf("page.jpg", [{ code: "extension_not_allowed", params: { file: "page.jpg", reason: "type_not_allowed" } }]).code).toBe(
    "type_not_allowed",
  );
  expect(uploadErrorOf("x.exe", [{ code: "extension_not_allowed", params: { file: "x.exe", reason: "extension_not_allowed" } }]).code).toBe(
    "extension_not_allowed",
  );
  expect(uploadErrorOf("big.jpg", [{ code: "file_too_large", params: { reason: "upload_too_large", maxMegabytes: 40 } }]).code).toBe("file_too_large");
  expect(uploadErrorOf("cut.jpg", [{ code: "upload_error", params: { reason: "upload_failed" } }]).code).toBe("upload_error");
  expect(uploadErrorOf("d.png", [{ code: "rate_limited" }])).toEqual({ code: "upload_error", params: { file: "d.png" } });
  expect(uploadErrorOf("e.png", [])).toEqual({ code: "upload_error", params: { file: "e.png" } });
  // The name shown is the visitor's own file name, even if the API sent another.
  expect(uploadErrorOf("mine.jpg", [{ code: "extension_not_allowed", params: { file: "<script>.jpg" } }]).params.file).toBe("mine.jpg");
});
