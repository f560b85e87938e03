/**
 * Pedidos (`#/pedidos`, issue 39, decision 0049): publication requests — an Editor's, to be
 * approved and published or returned by a Publicador — and the header's count.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { RequestsScreen, ApprovalSetting } from './requests-screen.tsx';
export { RequestsCount } from './requests-count.tsx';
