/**
 * Públicos (`#/publicos`): who arrives by which ad, and the page each of them sees at the route.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { AudiencesScreen } from './audiences-screen.tsx';
