import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import {
  MAX_PAGE_IMAGE_BYTES,
  PAGE_IMAGE_TOO_LARGE,
  PageImageParams,
  UploadPageImage,
  UploadedPageImage,
} from '../../shared/api/page-editor';
import { PAGE_EDITOR_ROLES } from '../../shared/roles';
import { FieldErrors, sendError } from '../http/error-reply';
import { perMinute } from '../http/rate-limits';
import { blobStoreFor } from '../uploads/blob-store';
import { bufferSource, detectFileType, MEDIA_TYPES, type FileType } from '../uploads/file-type';
import { cleanUploadName } from '../uploads/upload-name';
import { sendUpload } from '../uploads/send-upload';
import { imageSize } from './image-size';
import { UPLOADED_IMAGE_NAME, UPLOADED_IMAGES_PATH, openPageImage, savePageImage } from './store';

/** No SVG: it is a document that can carry script, served from the site's own origin. */
const IMAGE_TYPES: Partial<Record<FileType, string>> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

const NOT_AN_IMAGE = 'Please upload a PNG, JPEG or WebP image. SVG files are not accepted: they can carry scripts.';
const NO_SIZE = 'The size of this image cannot be read from the file. Please save it again as PNG, JPEG or WebP.';
const NO_FILE = 'Please choose an image.';
const NO_IMAGE = 'No image at this address.';

/** Base64 of the largest image, with room for the name and the JSON around it. */
const BODY_LIMIT = Math.ceil((MAX_PAGE_IMAGE_BYTES * 4) / 3) + 64 * 1024;

const refuse = (status: number, message: string) => new FieldErrors(status, [{ field: 'file', message }]);

/**
 * Images uploaded in the page editor (ADMIN, MARKETING): checked by their bytes, kept in the shared blob store for good
 * and served to everyone at /images/uploads/<file>, where the schemas' image paths can name them.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // A body past the limit is refused before it is read, in the same words as a file just over 2 MB.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(reply, 413, PAGE_IMAGE_TOO_LARGE, [{ field: 'file', message: PAGE_IMAGE_TOO_LARGE }]);
    throw error;
  });

  app.post(
    '/api/admin/pages/images',
    {
      config: { access: PAGE_EDITOR_ROLES, rateLimit: perMinute(30, 'image uploads') },
      bodyLimit: BODY_LIMIT,
      schema: { body: UploadPageImage, response: { 201: UploadedPageImage } },
    },
    async (request, reply) => {
      const bytes = Buffer.from(request.body.data, 'base64');
      if (bytes.length === 0) throw refuse(400, NO_FILE);
      if (bytes.length > MAX_PAGE_IMAGE_BYTES) throw refuse(413, PAGE_IMAGE_TOO_LARGE);
      const type = await detectFileType(bufferSource(bytes));
      const extension = type && IMAGE_TYPES[type];
      if (!type || !extension) throw refuse(400, NOT_AN_IMAGE);
      const size = imageSize(bytes, type);
      if (!size) throw refuse(400, NO_SIZE);
      const image = await savePageImage(app.db, blobStoreFor(app.config, app.db), {
        originalName: cleanUploadName(request.body.name),
        mediaType: MEDIA_TYPES[type],
        extension,
        bytes,
        ...size,
        uploadedBy: request.user.fullName || request.user.username,
      });
      request.log.info({ image: image.path, by: request.user.username }, 'page image uploaded');
      return reply.code(201).send({ image });
    },
  );

  app.get(`${UPLOADED_IMAGES_PATH}:file`, { schema: { params: PageImageParams } }, async (request, reply) => {
    const found = UPLOADED_IMAGE_NAME.test(request.params.file)
      ? await openPageImage(app.db, app.config.dataDir, request.params.file)
      : undefined;
    if (!found) return sendError(reply, 404, NO_IMAGE);
    const { type, name, size } = found.image;
    // The address names one upload, whose bytes never change.
    const file = { mediaType: type, originalName: name, size, stream: found.stream };
    return sendUpload(reply, file, { as: 'inline', cache: 'immutable', missing: NO_IMAGE });
  });
};

export const pageImageRoutes = fp(routes, { name: 'page-images', dependencies: ['database'], encapsulate: true });
