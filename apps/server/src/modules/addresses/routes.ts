/** A customer's saved addresses under /api/user (guests have none). */
import { z } from 'zod';
import { addressBody, addressItem, envelope, idParam } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import * as addresses from './service.ts';

const base = { tags: ['addresses'], security: [{ bearer: [] }] };
const one = envelope(addressItem);

export default async function addressRoutes(app: App) {
  const signedIn = app.requireUser();
  const show = async (userId: number, id: number, lang: 'ar' | 'en') => {
    const row = await addresses.findAddress(app.db, userId, id);
    if (!row) throw notFound();
    return addresses.toAddressItem(row.a, row.city, lang);
  };

  app.get(
    '/addresses',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'My saved addresses, newest first',
        response: { 200: envelope(z.array(addressItem)) },
      },
    },
    async (req, reply) => reply.ok(await addresses.listAddresses(app.db, req.user!.id, req.lang)),
  );

  app.post(
    '/addresses',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Save an address (national address; optional map pin inside Saudi Arabia)',
        body: addressBody,
        response: { 200: one },
      },
    },
    async (req, reply) => {
      const id = await addresses.createAddress(app.db, req.user!.id, req.body);
      return reply.ok(await show(req.user!.id, id, req.lang), 'cart.address_saved');
    },
  );

  app.get(
    '/addresses/:id',
    {
      preHandler: signedIn,
      schema: { ...base, summary: 'One of my addresses', params: idParam, response: { 200: one } },
    },
    async (req, reply) => reply.ok(await show(req.user!.id, req.params.id, req.lang)),
  );

  app.post(
    '/addresses/:id',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Edit one of my addresses',
        params: idParam,
        body: addressBody,
        response: { 200: one },
      },
    },
    async (req, reply) => {
      if (!(await addresses.updateAddress(app.db, req.user!.id, req.params.id, req.body))) throw notFound();
      return reply.ok(await show(req.user!.id, req.params.id, req.lang), 'cart.address_saved');
    },
  );

  app.delete(
    '/addresses/:id',
    {
      preHandler: signedIn,
      schema: {
        ...base,
        summary: 'Delete one of my addresses',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      if (!(await addresses.deleteAddress(app.db, req.user!.id, req.params.id))) throw notFound();
      return reply.ok(null, 'cart.address_deleted');
    },
  );
}
