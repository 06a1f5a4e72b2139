/**
 * Each order kind's hooks. Adding a kind is adding its declaration in
 * contracts' ORDER_MACHINES and its hooks here; the kernel does the rest.
 */
import type { OrderKind } from '@pool/contracts';
import { constructionHooks } from '../../construction/index.ts';
import { maintenanceHooks } from '../../maintenance/index.ts';
import { packageVisitHooks } from '../../packages/index.ts';
import { storeHooks } from '../store-hooks.ts';
import type { KindHooks } from './hooks.ts';

const KIND_HOOKS: Record<OrderKind, KindHooks> = {
  store: storeHooks,
  immediate_maintenance: maintenanceHooks,
  package_subscription: {},
  pool_construction: constructionHooks,
  package_visit: packageVisitHooks,
};

export const hooksOf = (kind: OrderKind): KindHooks => KIND_HOOKS[kind];
