import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadSiteTexts } from './lib/i18n.ts';
import { langFromPath } from './lib/lang.ts';

// The page's texts (its language only) before React renders it.
void Promise.resolve(loadSiteTexts(langFromPath(window.location.pathname))).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
