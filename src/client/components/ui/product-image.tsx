// Product pictures: small (?w=400) variant for cards and thumbnails, the plain URL for the main gallery,
// and the shop's default image when a file is missing.
import { useState, type ImgHTMLAttributes } from 'react';
import { staticUrl } from '#client/lib/static-url';

export const DEFAULT_IMAGE = staticUrl('/images/default-image.jpg');

/** The URL of a product image at the requested size ('small' = 400 px wide variant). */
export function imageSrc(url: string | null | undefined, size: 'small' | 'full'): string {
  if (!url) return DEFAULT_IMAGE;
  if (size === 'full') return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=400`;
}

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  url: string | null | undefined;
  size: 'small' | 'full';
  alt: string;
}

export function ProductImage({ url, size, alt, loading = 'lazy', ...rest }: ProductImageProps) {
  const wanted = imageSrc(url, size);
  const [failed, setFailed] = useState<string | null>(null);
  const src = failed === wanted ? DEFAULT_IMAGE : wanted;
  return (
    <img
      {...rest}
      src={src}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => {
        if (src !== DEFAULT_IMAGE) setFailed(wanted);
      }}
    />
  );
}
