import type { FileType } from '../uploads/file-type';

export interface ImageSize {
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** PNG: the IHDR chunk comes first, width and height as big-endian 32-bit numbers. */
function pngSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** JPEG: walks the segments to the first start-of-frame marker, which holds the height then the width. */
function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  let p = 2;
  while (p + 9 < bytes.length) {
    if (bytes[p] !== 0xff) return undefined;
    const marker = view.getUint8(p + 1);
    if (marker === 0xff) {
      p++; // fill byte
      continue;
    }
    // SOF0 to SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(p + 5), width: view.getUint16(p + 7) };
    }
    p += 2 + view.getUint16(p + 2);
  }
  return undefined;
}

/** WebP: the first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X), each with its own layout. */
function webpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (bytes.length < 25) return undefined;
  const chunk = ascii(bytes, 12, 16);
  // The lossy and extended headers end at byte 30, the lossless one at 25.
  const hasLongHeader = bytes.length >= 30;
  if (chunk === 'VP8 ' && hasLongHeader && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && hasLongHeader) {
    const u24 = (at: number) => view.getUint16(at, true) | (view.getUint8(at + 2) << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  return undefined;
}

/** An image's width and height in pixels, read from its header; undefined when the header is not what its type says. */
export function imageSize(bytes: Uint8Array, type: FileType): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size =
    type === 'png' ? pngSize(bytes, view) : type === 'jpeg' ? jpegSize(bytes, view) : type === 'webp' ? webpSize(bytes, view) : undefined;
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
