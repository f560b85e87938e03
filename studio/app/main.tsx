/** The Estúdio's browser app: one React root. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

createRoot(document.getElementById('estudio')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
