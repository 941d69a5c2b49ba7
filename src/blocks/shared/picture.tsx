import type { Image } from '../../shared/generated/page-document';

/** An image from public/; below the fold it loads lazily. */
export function Picture({ image, eager = false, className }: { image: Image; eager?: boolean; className?: string }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
