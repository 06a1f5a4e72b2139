/** The ar and en catalogues and their use: translation (translate.ts) and schema issues as messages (issues.ts). */
export * from './translate.ts';
export { issueMessage, issuesToFields, fieldName } from './issues.ts';
