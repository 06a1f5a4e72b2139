import { z } from 'zod';
import {
  contactUsBody,
  contactUsInfo,
  envelope,
  home,
  pageSection,
  cancelReasonsQuery,
  publicCancelReason,
  publicCity,
  publicFaq,
  publicSeo,
  redirectAnswer,
  redirectQuery,
  seoQuery,
  siteSettings,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import * as content from './service.ts';

/** Contact messages accepted per IP (ours; against spam). */
export const CONTACT_PER_HOUR = 5;

export default async function contentRoutes(app: App) {
  const tags = ['content'];

  app.get(
    '/settings',
    {
      config: { publicCache: { maxAge: 60 } },
      schema: {
        tags,
        summary:
          'Site settings: name, description, app links, contact and legal details, the maps browser key and map id',
        response: { 200: envelope(siteSettings) },
      },
    },
    async (req, reply) =>
      reply.ok({
        ...(await content.siteSettings(app.readDb, req.lang)),
        maps_api_key: app.config.MAPS_API_KEY ?? null,
        maps_map_id: app.config.MAPS_API_KEY ? app.config.MAPS_MAP_ID : null,
      }),
  );

  app.get(
    '/home',
    {
      config: { publicCache: { maxAge: 60 } },
      schema: {
        tags,
        summary: 'Home page: active banners, intro pages and the four services',
        response: { 200: envelope(home) },
      },
    },
    async (req, reply) => reply.ok(await content.home(app.readDb, req.lang)),
  );

  app.get(
    '/about',
    {
      config: { publicCache: { maxAge: 300 } },
      schema: {
        tags,
        summary: 'Sections of the about page (sanitised HTML)',
        response: { 200: envelope(z.array(pageSection)) },
      },
    },
    async (req, reply) => reply.ok(await content.pageSections(app.readDb, 'about', req.lang)),
  );

  app.get(
    '/terms',
    {
      config: { publicCache: { maxAge: 300 } },
      schema: {
        tags,
        summary: 'Sections of the terms page (sanitised HTML)',
        response: { 200: envelope(z.array(pageSection)) },
      },
    },
    async (req, reply) => reply.ok(await content.pageSections(app.readDb, 'terms', req.lang)),
  );

  app.post(
    '/contact-us-store',
    {
      // Counted after validation, so only messages that would be stored use up the allowance.
      preHandler: [app.optionalUser, app.limitPerIp('contact', { points: CONTACT_PER_HOUR, seconds: 3600 })],
      schema: {
        tags,
        summary: `Send a message to the company (binds the account when signed in; ${CONTACT_PER_HOUR} per hour per IP)`,
        body: contactUsBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await content.storeContactMessage(app.db, {
        ...req.body,
        userId: req.user?.id ?? null,
        meta: { ip: req.ip, lang: req.lang },
      });
      return reply.ok(null, 'server.contact_sent');
    },
  );

  app.get(
    '/contact-us-info',
    {
      config: { publicCache: { maxAge: 300 } },
      schema: { tags, summary: 'Social links and contact details', response: { 200: envelope(contactUsInfo) } },
    },
    async (req, reply) => reply.ok(await content.contactUsInfo(app.readDb, req.lang)),
  );

  app.get(
    '/redirect',
    {
      config: { publicCache: { maxAge: 60 } },
      schema: {
        tags,
        summary: 'The redirect stored for a site path (checked on every navigation)',
        querystring: redirectQuery,
        response: { 200: envelope(redirectAnswer) },
      },
    },
    async (req, reply) => reply.ok(await content.findRedirect(app.readDb, req.query.path)),
  );

  app.get(
    '/faqs',
    {
      config: { publicCache: { maxAge: 300 } },
      schema: { tags, summary: 'Frequently asked questions, by sort', response: { 200: envelope(z.array(publicFaq)) } },
    },
    async (req, reply) => reply.ok(await content.faqs(app.readDb, req.lang)),
  );

  app.get(
    '/cities',
    {
      config: { publicCache: { maxAge: 300 } },
      schema: { tags, summary: 'Active cities, by name', response: { 200: envelope(z.array(publicCity)) } },
    },
    async (req, reply) => reply.ok(await content.cities(app.readDb, req.lang)),
  );

  app.get(
    '/cancel-reasons',
    {
      config: { publicCache: { maxAge: 300 } },
      schema: {
        tags,
        summary: "Reasons offered when an order is cancelled: the customer's (default), or `use=admin` the dashboard's",
        querystring: cancelReasonsQuery,
        response: { 200: envelope(z.array(publicCancelReason)) },
      },
    },
    async (req, reply) => reply.ok(await content.cancelReasons(app.readDb, req.query.use, req.lang)),
  );

  app.get(
    '/seo',
    {
      config: { publicCache: { maxAge: 60 } },
      schema: {
        tags,
        summary: 'Meta title, description and keywords of a site page (its route id), for the server-rendered head',
        querystring: seoQuery,
        response: { 200: envelope(publicSeo) },
      },
    },
    async (req, reply) => reply.ok(await content.seo(app.readDb, req.query.key, req.lang)),
  );
}
