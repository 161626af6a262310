import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "../../lib/page-data";
import { imageSrc } from "../../lib/media";

/** The product images: the main image and thumbnails to switch it (SPEC 2.2 Product page). */
export function Gallery({ product }: { product: ProductData }) {
  const { t } = useTranslation();
  const images = product.media.filter((media) => media.kind === "image");
  const [index, setIndex] = React.useState(0);
  React.useEffect(() => setIndex(0), [product.sku]);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className="gallery">
      <img
        className="gallery-main"
        src={imageSrc(current?.url)}
        alt={current?.alt || product.content.title}
        width={800}
        height={600}
        fetchPriority="high"
        decoding="async"
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
                <img src={imageSrc(image.url)} alt="" width={96} height={72} loading="lazy" />
                <span className="visually-hidden">{t("product.showImage", { number: position + 1 })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
