/**
 * The editor (`#/editar/<file>`): a page's YAML, its block form and structure, the preview frame.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 * The screen's code is a chunk of its own, loaded when the screen is first shown (app.tsx's
 * Suspense): opening one screen does not download or compile the others (decision 0052).
 */
import { lazy } from 'react';
export const EditorScreen = lazy(() =>
  import('./editor-screen.tsx').then((m) => ({ default: m.EditorScreen })),
);
