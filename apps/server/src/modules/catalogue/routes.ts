/**
 * The public store under /api/user (issue 4), shared by the site and the
 * mobile apps: keep these paths and shapes stable. Names are in the request
 * language; money in halalas. Inactive and deleted products answer 404.
 */
import { z } from 'zod';
import {
  envelope,
  favouriteBody,
  idParam,
  pageQuery,
  paginated,
  productIdParam,
  productSlugParam,
  productRating,
  storeBrand,
  storeCategory,
  storeProduct,
  storeProductCard,
  storeProductsQuery,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import * as store from './store.ts';

const tags = ['store'];
const signedIn = { tags, security: [{ bearer: [] }] };

export default async function storeRoutes(app: App) {
  const userId = (req: { user: { id: number } | null }) => req.user?.id ?? null;

  app.get(
    '/store/categories',
    {
      config: { publicCache: { maxAge: 60 } },
      schema: {
        tags,
        summary: 'Active categories in order, each with its active sub-categories',
        response: { 200: envelope(z.array(storeCategory)) },
      },
    },
    async (req, reply) => reply.ok(await store.storeCategories(app.readDb, req.lang)),
  );

  app.get(
    '/store/brands',
    {
      config: { publicCache: { maxAge: 60 } },
      schema: { tags, summary: 'Active brands by name', response: { 200: envelope(z.array(storeBrand)) } },
    },
    async (req, reply) => reply.ok(await store.storeBrands(app.readDb, req.lang)),
  );

  app.get(
    '/store/products',
    {
      config: { publicCache: { maxAge: 0 } },
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary:
          'Products: search `q` (Arabic-aware: diacritics, alef forms, ة/ه and ى/ي ignored; English case-insensitive), filters, `sort` (newest, price_asc, price_desc, rating, best_selling), 12 a page',
        querystring: storeProductsQuery,
        response: { 200: envelope(paginated(storeProductCard)) },
      },
    },
    async (req, reply) => reply.ok(await store.storeProducts(app.readDb, req.query, req.lang, userId(req))),
  );

  app.get(
    '/store/strip',
    {
      config: { publicCache: { maxAge: 0 } },
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: `The home page's strip: up to ${store.STRIP_SIZE} products on offer that can be bought, best sellers first (kind \`offers\`), or the newest that can be bought when fewer than 4 are on offer (kind \`newest\`)`,
        response: {
          200: envelope(z.object({ kind: z.enum(['offers', 'newest']), products: z.array(storeProductCard) })),
        },
      },
    },
    async (req, reply) => reply.ok(await store.storeStrip(app.readDb, req.lang, userId(req))),
  );

  app.get(
    '/store/products/:id',
    {
      config: { publicCache: { maxAge: 0 } },
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: 'A product: gallery, groups with their options, prices, stock, rating, favourite flag, SEO fields',
        params: idParam,
        response: { 200: envelope(storeProduct) },
      },
    },
    async (req, reply) => {
      const product = await store.storeProduct(app.readDb, req.params.id, req.lang, userId(req));
      if (!product) throw notFound();
      return reply.ok(product);
    },
  );

  app.get(
    '/store/products/by-slug/:slug',
    {
      config: { publicCache: { maxAge: 0 } },
      schema: {
        tags,
        summary:
          'The product of an address slug without its id (`/online_store/{slug}`), to send the visitor to its address',
        params: productSlugParam,
        response: { 200: envelope(z.object({ id: z.number(), slug: z.string() })) },
      },
    },
    async (req, reply) => {
      const found = await store.productBySlug(app.readDb, req.params.slug);
      if (!found) throw notFound();
      return reply.ok(found);
    },
  );

  app.get(
    '/store/products/:id/related',
    {
      config: { publicCache: { maxAge: 0 } },
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: 'Up to 8 related products: the same sub-category first, then the same category',
        params: idParam,
        response: { 200: envelope(z.array(storeProductCard)) },
      },
    },
    async (req, reply) => {
      const related = await store.relatedProducts(app.readDb, req.params.id, req.lang, userId(req));
      if (!related) throw notFound();
      return reply.ok(related);
    },
  );

  app.get(
    '/store/products/:id/ratings',
    {
      config: { publicCache: { maxAge: 0 } },
      schema: {
        tags,
        summary: 'The customers’ ratings of a product, newest first, 10 a page',
        params: idParam,
        querystring: pageQuery,
        response: { 200: envelope(paginated(productRating)) },
      },
    },
    async (req, reply) => {
      const ratings = await store.productRatings(app.readDb, req.params.id, req.query.page);
      if (!ratings) throw notFound();
      return reply.ok(ratings);
    },
  );

  /* ---------------------------------------------------------- favourites */

  app.get(
    '/favourites',
    {
      preHandler: app.requireUser(),
      schema: {
        ...signedIn,
        summary: 'The signed-in customer’s favourite products, newest first',
        querystring: pageQuery,
        response: { 200: envelope(paginated(storeProductCard)) },
      },
    },
    async (req, reply) => reply.ok(await store.favourites(app.db, req.user!.id, req.lang, req.query.page)),
  );

  app.post(
    '/favourites',
    {
      preHandler: app.requireUser(),
      schema: {
        ...signedIn,
        summary: 'Add a product to the favourites (again: no change)',
        body: favouriteBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      if (!(await store.addFavourite(app.db, req.user!.id, req.body.product_id))) throw notFound();
      return reply.ok(null, 'catalogue.favourite_added');
    },
  );

  app.delete(
    '/favourites/:product_id',
    {
      preHandler: app.requireUser(),
      schema: {
        ...signedIn,
        summary: 'Remove a product from the favourites (not there: no change)',
        params: productIdParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await store.removeFavourite(app.db, req.user!.id, req.params.product_id);
      return reply.ok(null, 'catalogue.favourite_removed');
    },
  );
}
