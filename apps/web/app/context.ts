/**
 * The context key of what the server gives every loader and action
 * (`SiteContext`, set in apps/server/src/plugins/site.ts). `entry.server.tsx`
 * re-exports `appContext` so the server sets exactly this key.
 */
import { createContext } from 'react-router';
import type { SiteContext } from '@pool/contracts/account';

export type { ApiEnvelope, SiteContext } from '@pool/contracts/account';

export const appContext = createContext<SiteContext>();
