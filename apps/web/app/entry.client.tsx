import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadSiteTexts } from './lib/i18n.ts';
import { langFromPath, stripLang } from './lib/lang.ts';
import { cacheStylesheetsAfterLoad } from './lib/stylesheet-cache.ts';

const lang = langFromPath(window.location.pathname);
// The home page shows only the areas any page shows: it renders without the others and fetches them after.
const home = stripLang(window.location.pathname) === '/';

// The page's texts (its language only) before React renders it.
void Promise.resolve(loadSiteTexts(lang, { more: !home })).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  if (home) setTimeout(() => void loadSiteTexts(lang), 0);
});
cacheStylesheetsAfterLoad(window);
