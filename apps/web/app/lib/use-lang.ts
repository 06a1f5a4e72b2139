import { useLocation } from 'react-router';
import { langFromPath, localePath, type Lang } from './lang.ts';

/** The page language and a path builder for it. */
export function useLang(): { lang: Lang; to: (path: string) => string } {
  const lang = langFromPath(useLocation().pathname);
  return { lang, to: (path: string) => localePath(lang, path) };
}
