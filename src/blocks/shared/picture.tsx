import type { Image } from '../../shared/generated/page-document';

/** An image as a rendered page has it: with its width and height when the render could read them from the file. */
type SizedImage = Image & { width?: number; height?: number };

/** An image from public/; below the fold it loads lazily. Its width and height keep its room before it arrives. */
export function Picture({ image, eager = false, className }: { image: SizedImage; eager?: boolean; className?: string }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
