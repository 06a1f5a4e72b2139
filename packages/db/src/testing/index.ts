export * from './test-database.ts';
export * from './tcp-proxy.ts';
export * from './pgbouncer.ts';
