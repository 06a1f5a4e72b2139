/**
 * Everything, for the server: the ar and en catalogues and their use, translation
 * (translate.ts) and schema issues as messages (issues.ts). The web app imports the
 * sub-paths instead (`@pool/i18n/site`, `/dashboard`, `/translator`, `/issues`), so a
 * page loads only the texts it shows.
 */
import { issueMessages } from './issues.ts';
import { serverTranslator } from './translate.ts';

export * from './translate.ts';
export { fieldName } from './issues.ts';
export const { issueMessage, issuesToFields } = issueMessages(serverTranslator);
