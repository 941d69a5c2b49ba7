import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bufferSource, detectFileType } from '../uploads/file-type';
import { imageSize, type ImageSize } from '../page-images/image-size';

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

/** A bitmap's size from its header, by the type its bytes say (as uploads are checked); an SVG's from its markup. */
async function sizeOfFile(path: string): Promise<ImageSize | undefined> {
  try {
    const bytes = await readFile(path);
    if (path.toLowerCase().endsWith('.svg')) return svgSize(bytes.toString('utf8'));
    const type = await detectFileType(bufferSource(bytes));
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
  const sizes = new Map<string, Promise<ImageSize | undefined>>();
  const sizeOf = (src: string) => {
    if (!sizes.has(src))
      sizes.set(src, src.startsWith('/') && !src.includes('..') ? sizeOfFile(join(siteRoot, src)) : Promise.resolve(undefined));
    return sizes.get(src);
  };
  const walk = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(walk));
    if (!value || typeof value !== 'object') return value;
    const entries = await Promise.all(Object.entries(value).map(async ([key, inner]) => [key, await walk(inner)] as const));
    const copy = Object.fromEntries(entries);
    return isImage(copy) ? { ...copy, ...(await sizeOf(copy.src)) } : copy;
  };
  return async <T>(document: T): Promise<T> => (await walk(document)) as T;
}
