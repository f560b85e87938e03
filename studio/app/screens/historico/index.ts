/**
 * Histórico (`#/historico/<file>`): a page's published versions, each one's change, Restaurar.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 * The screen's code is a chunk of its own, loaded when the screen is first shown (app.tsx's
 * Suspense): opening one screen does not download or compile the others (decision 0052).
 */
import { lazy } from 'react';
export const HistoryScreen = lazy(() =>
  import('./history-screen.tsx').then((m) => ({ default: m.HistoryScreen })),
);
export { historyTitle } from './page-name.ts';
