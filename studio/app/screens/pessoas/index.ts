/**
 * Pessoas (`#/pessoas`, issue 39, decision 0048): the hosted Estúdio's accounts with their roles,
 * and a role's change; for Administradores (the server refuses everyone else).
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { PeopleScreen } from './people-screen.tsx';
