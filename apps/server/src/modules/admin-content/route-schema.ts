/** The OpenAPI pieces the content routes share: tag and security, the accepted bodies, the empty answer. */
import { z } from 'zod';
import { envelope } from '@pool/contracts';

export const forms = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
export const base = { tags: ['admin-content'], security: [{ bearer: [] }] };
export const done = envelope(z.null());
