/**
 * The editor (`#/editar/<file>`): a page's YAML, its block form and structure, the preview frame.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { EditorScreen } from './editor-screen.tsx';
