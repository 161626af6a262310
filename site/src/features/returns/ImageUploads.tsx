/**
 * The complaint's photos: up to 6 images, each uploaded as soon as it is chosen, with a
 * preview, its state, and an error that names the file (upload error, file too large,
 * extension not allowed). A failed image can be removed and does not count against the 6.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { uploadImage } from "./api";
import { countingImages, IMAGE_ACCEPT, MAX_IMAGES, planImages, uploadErrorOf, type ImageEntry } from "./images";

export type ImagesUpdate = (update: (images: ImageEntry[]) => ImageEntry[]) => void;

let nextKey = 0;

/** A data: URL of the file for its preview (the pages' CSP allows data: images, not blob:). */
function readPreview(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    if (typeof FileReader === "undefined") return resolve(null);
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

export function ImageUploads({
  images,
  onImages,
  upload = uploadImage,
}: {
  images: ImageEntry[];
  onImages: ImagesUpdate;
  /** The upload call (tests give their own). */
  upload?: typeof uploadImage;
}) {
  const { t } = useTranslation("returns");
  const input = React.useRef<HTMLInputElement>(null);
  const [overLimit, setOverLimit] = React.useState(0);
  const counted = countingImages(images);
  const full = counted >= MAX_IMAGES;

  const patch = (key: string, change: Partial<ImageEntry>) => onImages((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const choose = async (files: File[]) => {
    const plan = planImages(images, files);
    setOverLimit(plan.overLimit);
    const make = (file: File, status: ImageEntry["status"], error: ImageEntry["error"]): ImageEntry => ({
      key: `image-${(nextKey += 1)}`,
      name: file.name,
      size: file.size,
      status,
      preview: null,
      upload: null,
      error,
    });
    const refused = plan.refused.map(({ file, error }) => make(file, "error", error));
    const accepted = plan.accepted.map((file) => ({ file, entry: make(file, "uploading", null) }));
    onImages((list) => [...list, ...accepted.map(({ entry }) => entry), ...refused]);
    for (const { file, entry } of accepted) {
      void readPreview(file).then((preview) => preview && patch(entry.key, { preview }));
      const result = await upload(file);
      if (result.ok && result.data) patch(entry.key, { status: "done", upload: result.data });
      else patch(entry.key, { status: "error", error: uploadErrorOf(file.name, result.errors) });
    }
  };

  return (
    <div className="returns-images" data-testid="returns-images">
      <label htmlFor="returns-images-input">{t("returns.details.images")}</label>
      <p className="muted small" id="returns-images-hint">
        {t("returns.details.imagesHint", { max: MAX_IMAGES })}
      </p>
      <input
        ref={input}
        id="returns-images-input"
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        disabled={full}
        aria-describedby="returns-images-hint"
        data-testid="images-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) void choose(files);
        }}
      />
      <p className="muted small" data-testid="images-count">
        {t("returns.details.imagesCount", { current: counted, max: MAX_IMAGES })}
      </p>
      {full || overLimit > 0 ? (
        <p className={overLimit > 0 ? "field-error" : "muted small"} role={overLimit > 0 ? "alert" : undefined} data-testid="images-limit">
          {t("returns.details.imagesLimit", { max: MAX_IMAGES })}
        </p>
      ) : null}
      {images.length > 0 ? (
        <ul className="returns-image-list">
          {images.map((entry) => (
            <li key={entry.key} className={`returns-image ${entry.status}`} data-testid="image-entry" data-status={entry.status}>
              {entry.preview ? (
                // A browser that cannot show the type (HEIC outside Safari) shows the placeholder instead.
                <img
                  src={entry.preview}
                  alt={t("returns.details.preview", { file: entry.name })}
                  width={72}
                  height={72}
                  onError={() => patch(entry.key, { preview: null })}
                />
              ) : (
                <span className="returns-image-placeholder" aria-hidden="true" />
              )}
              <span className="returns-image-name">{entry.name}</span>
              {entry.status === "uploading" ? (
                <span className="muted small" role="status">
                  {t("returns.details.uploading")}
                </span>
              ) : null}
              {entry.error ? (
                <span className="field-error" role="alert" data-testid="image-error">
                  {t(`returns.uploadErrors.${entry.error.code}`, entry.error.params)}
                </span>
              ) : null}
              <button
                type="button"
                className="button link"
                disabled={entry.status === "uploading"}
                onClick={() => onImages((list) => list.filter((other) => other.key !== entry.key))}
              >
                {t("returns.details.removeImage", { file: entry.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
