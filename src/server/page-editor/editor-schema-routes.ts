import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EditorSchemas, ImageList } from '../../shared/api/page-editor';
import { PAGE_EDITOR_ROLES } from '../../shared/roles';
import { listPageImages } from '../page-images/store';
import { editorSchemas, publicImages } from './page-checks';

/** What the editor's forms are made of: each block's schema, and the images an image field offers. */
export const editorSchemaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const access = PAGE_EDITOR_ROLES;

  app.get('/api/admin/pages/schemas', { config: { access }, schema: { response: { 200: EditorSchemas } } }, async () => editorSchemas());

  app.get('/api/admin/pages/images', { config: { access }, schema: { response: { 200: ImageList } } }, async () => ({
    images: publicImages(),
    uploads: await listPageImages(app.db),
  }));
};
