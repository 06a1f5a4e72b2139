/** The envelope's success test for browser calls (the server's `isSuccess` lives in api.server.ts). */
export const isSuccessAnswer = <T extends { key: string; status: number }>(a: T): a is T & { key: 'success' } =>
  a.key === 'success' && a.status === 200;
