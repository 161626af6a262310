import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "@site/lib/page-data";
import { IMAGE_SIZES, ResponsiveImage } from "../ResponsiveImage";

/** The product images: the main image and thumbnails to switch it. */
export function Gallery({ product }: { product: ProductData }) {
  const { t } = useTranslation();
  const images = product.media.filter((media) => media.kind === "image");
  const [index, setIndex] = React.useState(0);
  React.useEffect(() => setIndex(0), [product.sku]);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className="gallery">
      <ResponsiveImage
        className="gallery-main"
        src={current?.url}
        alt={current?.alt || product.content.title}
        width={800}
        height={600}
        sizes={IMAGE_SIZES.gallery}
        priority
      />
      {images.length > 1 ? (
        <ul className="thumbs">
          {images.map((image, position) => (
            <li key={image.url}>
              <button
                type="button"
                className={position === index ? "thumb active" : "thumb"}
                aria-pressed={position === index}
                onClick={() => setIndex(position)}
              >
                <ResponsiveImage src={image.url} alt="" width={96} height={72} sizes={IMAGE_SIZES.thumb} />
                <span className="visually-hidden">{t("product.showImage", { number: position + 1 })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
