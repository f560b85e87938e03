/**
 * Páginas (`#/`): the site's pages, new and deleted ones, who is editing what.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { PagesScreen } from './pages-screen.tsx';
