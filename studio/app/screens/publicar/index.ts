/**
 * Publicar: the dialog every screen opens to publish (the changes, their pictures, a merge when
 * someone published first), and a route's pictures between two versions for Histórico.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { PlaceholderWarning, PublishDialog } from './publish-dialog.tsx';
export { ChangedPages, PagePictures } from './changed-pages.tsx';
