/**
 * Públicos (`#/publicos`): who arrives by which ad, and the page each of them sees at the route.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 * The screen's code is a chunk of its own, loaded when the screen is first shown (app.tsx's
 * Suspense): opening one screen does not download or compile the others (decision 0052).
 */
import { lazy } from 'react';
export const AudiencesScreen = lazy(() =>
  import('./audiences-screen.tsx').then((m) => ({ default: m.AudiencesScreen })),
);
