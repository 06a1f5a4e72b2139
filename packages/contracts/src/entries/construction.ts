/** `@pool/contracts/construction`. Pool construction: the design and its estimate, the request, the order's details (customer and engineer). */
export * from '../construction.ts';
