/** The OpenAPI pieces the people routes share: the bearer security, the accepted bodies, the empty answer. */
import { z } from 'zod';
import { envelope } from '@pool/contracts';

export const security = [{ bearer: [] }];
export const forms = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
export const done = envelope(z.null());
