/** The Estúdio's browser app: one React root. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { App } from './app.tsx';
import { cspNonce } from './shared/csp-nonce.ts';
import { SessionShell } from './session-bar.tsx';

const app = (
  <StrictMode>
    <SessionShell>
      <App />
    </SessionShell>
  </StrictMode>
);

// Hosted, the CSP admits style elements only with the page's nonce: Emotion's carry it.
createRoot(document.getElementById('estudio')!).render(
  cspNonce ? <CacheProvider value={createCache({ key: 'css', nonce: cspNonce })}>{app}</CacheProvider> : app,
);
