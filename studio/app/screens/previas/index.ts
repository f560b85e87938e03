/**
 * Prévias compartilhadas (`#/previas`, issue 39, decision 0050): the shared links with their state,
 * readers' comments and Revogar; "Compartilhar prévia" (the editor's bar, a scheduled change in
 * Agendamentos and in the editor's banner).
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 * The screen's code is a chunk of its own, loaded when the screen is first shown (app.tsx's
 * Suspense): opening one screen does not download or compile the others (decision 0052).
 */
import { lazy } from 'react';
export const SharedPreviewsScreen = lazy(() =>
  import('./previews-screen.tsx').then((m) => ({ default: m.SharedPreviewsScreen })),
);
export { ScheduleShareButton, ShareButton, ShareDialog } from './share-dialog.tsx';
