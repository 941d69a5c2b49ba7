import { describe, expect, it } from 'vitest';
import { imageSize } from '../../src/server/page-images/image-size';
import { solidPng } from '../support/png';

const le16 = (n: number) => [n & 0xff, n >> 8];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const riff = (chunk: string, data: number[]) =>
  Uint8Array.from([...ascii('RIFF'), ...le32(data.length + 12), ...ascii('WEBP'), ...ascii(chunk), ...le32(data.length), ...data, 0, 0]);

describe('an image header', () => {
  it('gives the size of a PNG', () => {
    expect(imageSize(solidPng(640, 480), 'png')).toEqual({ width: 640, height: 480 });
    expect(imageSize(solidPng(640, 480).subarray(0, 20), 'png')).toBeUndefined();
  });

  it('gives the size of a JPEG from its first frame header, past the segments before it', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(imageSize(Uint8Array.from([0xff, 0xd8, ...app0, ...sof0]), 'jpeg')).toEqual({ width: 800, height: 600 });
    expect(imageSize(Uint8Array.from([0xff, 0xd8, ...app0]), 'jpeg')).toBeUndefined();
  });

  it('gives the size of a lossy, a lossless and an extended WebP', () => {
    const lossy = [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...le16(1200), ...le16(630)];
    expect(imageSize(riff('VP8 ', lossy), 'webp')).toEqual({ width: 1200, height: 630 });
    const lossless = [0x2f, ...le32(299 | (199 << 14)), 0];
    expect(imageSize(riff('VP8L', lossless), 'webp')).toEqual({ width: 300, height: 200 });
    const extended = [0x10, 0, 0, 0, ...le24(1919), ...le24(1079)];
    expect(imageSize(riff('VP8X', extended), 'webp')).toEqual({ width: 1920, height: 1080 });
  });
});
