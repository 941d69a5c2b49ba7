import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileType } from '../uploads/file-type';
import { imageSize, type ImageSize } from '../page-images/image-size';

const BITMAP_TYPES: Record<string, FileType> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp' };

/** An SVG's size: its root's width and height in pixels, else its viewBox's. */
function svgSize(text: string): ImageSize | undefined {
  const root = /<svg\b[^>]*>/.exec(text)?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(root)?.[1];
  const pixels = (value: string | undefined) => (value && /^\d+(\.\d+)?(px)?$/.test(value) ? Math.round(parseFloat(value)) : undefined);
  const [width, height] = [pixels(attribute('width')), pixels(attribute('height'))];
  if (width && height) return { width, height };
  const [, , boxWidth = 0, boxHeight = 0] =
    attribute('viewBox')
      ?.trim()
      .split(/[\s,]+/)
      .map(Number) ?? [];
  return boxWidth > 0 && boxHeight > 0 ? { width: Math.round(boxWidth), height: Math.round(boxHeight) } : undefined;
}

function sizeOfFile(path: string): ImageSize | undefined {
  const extension = path.split('.').pop()?.toLowerCase() ?? '';
  try {
    const bytes = readFileSync(path);
    if (extension === 'svg') return svgSize(bytes.toString('utf8'));
    const type = BITMAP_TYPES[extension];
    return type ? imageSize(bytes, type) : undefined;
  } catch {
    return undefined; // not on disk (an image uploaded in the editor and not pulled): rendered without a size
  }
}

const isImage = (value: object): value is { src: string; alt: string } =>
  typeof (value as { src?: unknown }).src === 'string' && typeof (value as { alt?: unknown }).alt === 'string';

/**
 * Gives every image of a page document its width and height, read from the file it names under the built site's
 * root (dist/client), so the browser keeps its room before it loads. A copy; the document is left as it is.
 */
export function imageSizer(siteRoot: string) {
  const sizes = new Map<string, ImageSize | undefined>();
  const sizeOf = (src: string) => {
    if (!sizes.has(src)) sizes.set(src, src.startsWith('/') && !src.includes('..') ? sizeOfFile(join(siteRoot, src)) : undefined);
    return sizes.get(src);
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return isImage(copy) ? { ...copy, ...sizeOf(copy.src) } : copy;
  };
  return <T>(document: T): T => walk(document) as T;
}
