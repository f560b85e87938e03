/**
 * Experimentos (`#/experimentos`, `#/experimentos/<id>`): the A/B tests, their variants and results.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { ExperimentsScreen } from './experiments-screen.tsx';
