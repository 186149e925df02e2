import {
  adminProductIdSchema,
  createProductRequestSchema,
  planTypeSchema,
  updatePlanPriceRequestSchema,
  updateProductRequestSchema,
} from '@mia/contracts';
import { badRequest, HttpError, routesOf } from '@mia/service-kit';
import express, { Router, type ErrorRequestHandler } from 'express';
import { z } from 'zod';
import type { Billing } from '../billing.js';
import {
  createProduct,
  listAdminProducts,
  publishProduct,
  retireProduct,
  setPlanPrice,
  updateProduct,
} from './admin-catalog.js';
import { IMAGE_TYPES, loadImage, MAX_IMAGE_BYTES, storeImage } from './catalog-images.js';
import { matchesEtag, publicCatalog } from './public-catalog.js';

const productParams = z.object({ id: adminProductIdSchema });
const planParams = z.object({ planType: planTypeSchema });
const imageParams = z.object({ file: z.string().max(100) });

const IMAGES_PATH = '/api/admin/products/images';

/** The body parser's 413, said for an image. */
const imageTooLarge: ErrorRequestHandler = (error: { type?: string }, _req, _res, next) => {
  next(
    error?.type === 'entity.too.large'
      ? new HttpError(413, 'La imagen supera 1 MB: sube una más pequeña.', 'image_too_large')
      : error,
  );
};

export function catalogRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);

  // Public and cacheable: the gateway and browsers revalidate with the ETag.
  route({
    method: 'get',
    path: '/api/catalog',
    auth: 'public',
    async handler({ req, res }) {
      const { etag, json } = await publicCatalog(billing);
      res.set({ etag, 'cache-control': 'public, max-age=60' });
      if (matchesEtag(req.get('if-none-match'), etag)) {
        res.status(304).end();
        return undefined;
      }
      res.type('application/json').send(json);
      return undefined;
    },
  });
  route({
    method: 'get',
    path: '/api/catalog/images/:file',
    auth: 'public',
    params: imageParams,
    async handler({ params, res }) {
      const image = await loadImage(billing, params.file);
      if (!image) throw new HttpError(404, 'No existe esa imagen.', 'image_not_found');
      // Content-hashed names never change meaning: cached for a year, never revalidated.
      res.set({
        'content-type': image.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      res.send(image.bytes);
      return undefined;
    },
  });

  // The owner's administration: the admin role is checked here, by the catalogue's owner.
  route({
    method: 'get',
    path: '/api/admin/products',
    auth: 'admin',
    handler: () => listAdminProducts(billing),
  });
  router.post(
    IMAGES_PATH,
    express.raw({ type: [...IMAGE_TYPES], limit: MAX_IMAGE_BYTES }),
    imageTooLarge,
  );
  route({
    method: 'post',
    path: IMAGES_PATH,
    auth: 'admin',
    status: 201,
    async handler({ req }) {
      if (!Buffer.isBuffer(req.body)) {
        throw badRequest(
          'Sube la imagen como PNG, JPEG o WebP (Content-Type image/png, image/jpeg o image/webp).',
          'invalid_image',
        );
      }
      return { image: await storeImage(billing, req.body) };
    },
  });
  route({
    method: 'post',
    path: '/api/admin/products',
    auth: 'admin',
    status: 201,
    body: createProductRequestSchema,
    handler: ({ body }) => createProduct(billing, body),
  });
  route({
    method: 'patch',
    path: '/api/admin/products/:id',
    auth: 'admin',
    params: productParams,
    body: updateProductRequestSchema,
    handler: ({ params, body }) => updateProduct(billing, params.id, body),
  });
  route({
    method: 'post',
    path: '/api/admin/products/:id/publish',
    auth: 'admin',
    params: productParams,
    handler: ({ params }) => publishProduct(billing, params.id),
  });
  route({
    method: 'post',
    path: '/api/admin/products/:id/retire',
    auth: 'admin',
    params: productParams,
    handler: ({ params }) => retireProduct(billing, params.id),
  });
  route({
    method: 'patch',
    path: '/api/admin/plans/:planType',
    auth: 'admin',
    params: planParams,
    body: updatePlanPriceRequestSchema,
    handler: ({ params, body }) => setPlanPrice(billing, params.planType, body),
  });
  return router;
}
