/**
 * Prévias compartilhadas (`#/previas`, issue 39, decision 0050): the shared links with their state,
 * readers' comments and Revogar; "Compartilhar prévia" (the editor's bar, a scheduled change in
 * Agendamentos and in the editor's banner).
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { SharedPreviewsScreen } from './previews-screen.tsx';
export { ScheduleShareButton, ShareButton, ShareDialog } from './share-dialog.tsx';
