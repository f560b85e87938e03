/**
 * Histórico (`#/historico/<file>`): a page's published versions, each one's change, Restaurar.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { HistoryScreen } from './history-screen.tsx';
export { historyTitle } from './page-name.ts';
