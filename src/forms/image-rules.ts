import type { ImageRules } from './use-image-upload';

/**
 * What the browser checks before an image goes up, per upload kind; the server checks the bytes again
 * (src/server/uploads/file-type.ts).
 */
export const IMAGE_RULES = {
  avatar: {
    kind: 'avatar',
    types: ['image/jpeg', 'image/png'],
    maxBytes: 2 * 1024 * 1024,
    typeMessage: 'Please upload a JPEG or PNG image.',
    sizeMessage: 'The file is larger than 2 MB.',
  },
  'blog-cover': {
    kind: 'blog-cover',
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 5 * 1024 * 1024,
    typeMessage: 'Please choose a JPEG, PNG or WebP image.',
    sizeMessage: 'The image is larger than 5 MB.',
  },
  'complaint-image': {
    kind: 'complaint-image',
    types: ['image/jpeg', 'image/png'],
    maxBytes: 5 * 1024 * 1024,
    typeMessage: 'Please upload a JPEG or PNG image.',
    sizeMessage: 'The file is larger than 5 MB.',
  },
} as const satisfies Record<string, ImageRules>;
