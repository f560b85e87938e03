/**
 * Pessoas (`#/pessoas`, issue 39, decision 0048): the hosted Estúdio's accounts with their roles,
 * and a role's change; for Administradores (the server refuses everyone else).
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 * The screen's code is a chunk of its own, loaded when the screen is first shown (app.tsx's
 * Suspense): opening one screen does not download or compile the others (decision 0052).
 */
import { lazy } from 'react';
export const PeopleScreen = lazy(() =>
  import('./people-screen.tsx').then((m) => ({ default: m.PeopleScreen })),
);
