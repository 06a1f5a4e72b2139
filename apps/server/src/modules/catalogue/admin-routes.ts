/**
 * The catalogue in the dashboard, under /api/admin (issue 4): brands,
 * categories, features (resources.ts), products with their review step, the
 * gallery uploads, the low-stock threshold, and the approval of main display
 * changes. Every route names its permission; writes are audited.
 */
import { z } from 'zod';
import {
  adminProduct,
  adminProductRow,
  adminProductsQuery,
  envelope,
  idParam,
  mainChangesQuery,
  mainVariantChange,
  paginated,
  productAvailabilityBody,
  productBody,
  productPreview,
  productUploaded,
  stockSettings,
  stockSettingsBody,
  V,
} from '@pool/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-type.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { deleteImage, displayUrls, isStoredImage, storeImage } from '../uploads/index.ts';
import { decideMainVariant, mainVariantChanges } from './main-variant-approval.ts';
import { adminProduct as loadAdminProduct } from './product-detail.ts';
import { adminProducts, lowStockThreshold, setLowStockThreshold } from './product-list.ts';
import { previewProduct } from './product-plan.ts';
import { deleteProduct, saveProduct, setProductFlags } from './product-save.ts';
import type { ProductContext } from './product-shape.ts';
import { catalogueResources } from './resources.ts';

const base = { tags: ['admin-catalogue'], security: [{ bearer: [] }] };
const done = envelope(z.null());
const forms = ['multipart/form-data'];
const FOLDER = 'products';

export default async function adminCatalogueRoutes(app: App) {
  catalogueResources(app);

  const ctx: ProductContext = { isImage: (url) => isStoredImage(app, url, FOLDER) };
  const adminId = (req: FastifyRequest) => req.admin!.id;

  /* ------------------------------------------------------------ products */

  app.get(
    '/products',
    {
      preHandler: app.requireAdmin('products.view'),
      schema: {
        ...base,
        summary:
          'List products, newest first (search `q`; filters category, sub-category, brand, status, availability, stock: sold_out / low_stock / in_stock)',
        querystring: adminProductsQuery,
        response: { 200: envelope(paginated(adminProductRow)) },
      },
    },
    async (req, reply) => reply.ok(await adminProducts(app.db, req.query, req.lang)),
  );

  app.get(
    '/products/stock-settings',
    {
      preHandler: app.requireAdmin('products.view'),
      schema: { ...base, summary: 'The low-stock threshold', response: { 200: envelope(stockSettings) } },
    },
    async (_req, reply) => reply.ok({ low_stock_threshold: await lowStockThreshold(app.db) }),
  );

  app.post(
    '/products/stock-settings',
    {
      preHandler: app.requireAdmin('products.edit'),
      config: { audit: 'products.stock_settings' },
      schema: {
        ...base,
        summary: 'Set the low-stock threshold (a product with at most this many in stock is low)',
        body: stockSettingsBody,
        response: { 200: envelope(stockSettings) },
      },
    },
    async (req, reply) => {
      await setLowStockThreshold(app.db, req.body.low_stock_threshold);
      return reply.ok({ low_stock_threshold: req.body.low_stock_threshold }, 'catalogue.settings_saved');
    },
  );

  /** Stores one gallery image (multipart `image`) and returns its URL for the product form. */
  async function upload(req: FastifyRequest, reply: FastifyReply) {
    const file = req.uploads.image;
    if (!file) throw fieldError('image', V.required);
    const url = await storeImage(app, file, FOLDER);
    return reply.ok({ url, thumbnail: displayUrls(url)[320] }, 'catalogue.image_uploaded');
  }
  const uploadSchema = {
    ...base,
    consumes: forms,
    body: z.object({}).describe('multipart with an `image` file (jpg, jpeg, png, gif; at most 5 MB)'),
    response: { 200: envelope(productUploaded) },
  };

  app.post(
    '/products/images',
    {
      preHandler: app.requireAdmin('products.create'),
      config: { audit: 'products.upload' },
      schema: { ...uploadSchema, summary: 'Upload an image for a new product; send its URL in `images` or a group' },
    },
    upload,
  );

  app.post(
    '/products/:id/images',
    {
      preHandler: app.requireAdmin('products.edit'),
      config: { audit: 'products.upload' },
      schema: {
        ...uploadSchema,
        params: idParam,
        summary: 'Upload an image for this product; send its URL in `images` or a group when saving',
      },
    },
    async (req, reply) => {
      if (!(await loadAdminProduct(app.db, req.params.id))) throw notFound();
      return upload(req, reply);
    },
  );

  app.post(
    '/products/preview',
    {
      preHandler: app.requireAdmin('products.create'),
      config: { audit: 'products.preview' },
      schema: {
        ...base,
        summary:
          'Review a new product (confirm create): what the save would store, groups and prices included; writes nothing',
        body: productBody,
        response: { 200: envelope(productPreview) },
      },
    },
    async (req, reply) => reply.ok(await previewProduct(app.db, ctx, req.body), 'catalogue.preview_ready'),
  );

  app.post(
    '/products/:id/preview',
    {
      preHandler: app.requireAdmin('products.edit'),
      config: { audit: 'products.preview' },
      schema: {
        ...base,
        summary: 'Review an edit (confirm edit): the product as the save would store it; writes nothing',
        params: idParam,
        body: productBody,
        response: { 200: envelope(productPreview) },
      },
    },
    async (req, reply) =>
      reply.ok(await previewProduct(app.db, ctx, req.body, req.params.id), 'catalogue.preview_ready'),
  );

  /** Saves, then answers with the stored product; files the edit dropped are removed once it is committed. */
  async function save(req: FastifyRequest, reply: FastifyReply, id?: number) {
    const body = req.body as z.output<typeof productBody>;
    const saved = await saveProduct(app.db, ctx, body, adminId(req), id);
    await Promise.all(saved.removedImages.map((url) => deleteImage(app, url)));
    const product = await loadAdminProduct(app.db, saved.id);
    const msg = saved.mainReview
      ? 'catalogue.main_variant_sent'
      : id
        ? 'catalogue.product_saved'
        : 'catalogue.product_created';
    return reply.ok(product, msg);
  }

  app.post(
    '/products',
    {
      preHandler: app.requireAdmin('products.create'),
      schema: {
        ...base,
        summary: 'Create a product (after its review); the server builds the groups of a multi-attribute product',
        body: productBody,
        response: { 200: envelope(adminProduct) },
      },
    },
    (req, reply) => save(req, reply),
  );

  app.get(
    '/products/:id',
    {
      preHandler: app.requireAdmin('products.view'),
      schema: {
        ...base,
        summary: 'One product with its groups, images and a pending main display change',
        params: idParam,
        response: { 200: envelope(adminProduct) },
      },
    },
    async (req, reply) => {
      const product = await loadAdminProduct(app.db, req.params.id);
      if (!product) throw notFound();
      return reply.ok(product);
    },
  );

  app.post(
    '/products/:id',
    {
      preHandler: app.requireAdmin('products.edit'),
      schema: {
        ...base,
        summary: 'Edit a product (after its review); a new main display group is sent for approval',
        params: idParam,
        body: productBody,
        response: { 200: envelope(adminProduct) },
      },
    },
    (req, reply) => save(req, reply, req.params.id),
  );

  app.delete(
    '/products/:id',
    {
      preHandler: app.requireAdmin('products.delete'),
      schema: { ...base, summary: 'Delete a product (kept for past orders)', params: idParam, response: { 200: done } },
    },
    async (req, reply) => {
      if (!(await deleteProduct(app.db, req.params.id))) throw notFound();
      return reply.ok(null, 'catalogue.product_deleted');
    },
  );

  for (const [action, isActive] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(
      `/products/:id/${action}`,
      {
        preHandler: app.requireAdmin('products.edit'),
        config: { audit: `products.${action}` },
        schema: {
          ...base,
          summary: `${isActive ? 'Activate' : 'Deactivate'} a product (inactive products are hidden from the store)`,
          params: idParam,
          response: { 200: done },
        },
      },
      async (req, reply) => {
        if (!(await setProductFlags(app.db, req.params.id, { isActive }))) throw notFound();
        return reply.ok(null, isActive ? 'catalogue.product_activated' : 'catalogue.product_deactivated');
      },
    );
  }

  app.post(
    '/products/:id/availability',
    {
      preHandler: app.requireAdmin('products.edit'),
      config: { audit: 'products.availability' },
      schema: {
        ...base,
        summary: 'Mark a product available or unavailable',
        params: idParam,
        body: productAvailabilityBody,
        response: { 200: done },
      },
    },
    async (req, reply) => {
      if (!(await setProductFlags(app.db, req.params.id, { isAvailable: req.body.available }))) throw notFound();
      return reply.ok(null, 'catalogue.availability_saved');
    },
  );

  /* ----------------------------------------- main display group approval */

  app.get(
    '/product-main-changes',
    {
      preHandler: app.requireAdmin('products.approve'),
      schema: {
        ...base,
        summary: 'Requests to change a product’s main display group (pending first; filter `status`)',
        querystring: mainChangesQuery,
        response: { 200: envelope(paginated(mainVariantChange)) },
      },
    },
    async (req, reply) => reply.ok(await mainVariantChanges(app.db, req.query)),
  );

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(
      `/product-main-changes/:id/${action}`,
      {
        preHandler: app.requireAdmin('products.approve'),
        config: { audit: `products.main_${action}` },
        schema: {
          ...base,
          summary: approve
            ? 'Approve a pending main display change (applies it: the product shows that group and its price)'
            : 'Reject a pending main display change',
          params: idParam,
          response: { 200: done },
        },
      },
      async (req, reply) => {
        await decideMainVariant(app.db, req.params.id, approve, adminId(req));
        return reply.ok(null, approve ? 'catalogue.change_approved' : 'catalogue.change_rejected');
      },
    );
  }
}
