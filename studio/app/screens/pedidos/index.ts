/**
 * Pedidos (`#/pedidos`, issue 39, decision 0049): publication requests — an Editor's, to be
 * approved and published or returned by a Publicador — and the header's count.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 * The screen's code is a chunk of its own, loaded when the screen is first shown (app.tsx's
 * Suspense): opening one screen does not download or compile the others (decision 0052). The
 * header's count is in every screen's bundle (session-bar.tsx), so it stays small and static here.
 */
import { createElement, lazy, Suspense, type ComponentProps } from 'react';
export const RequestsScreen = lazy(() =>
  import('./requests-screen.tsx').then((m) => ({ default: m.RequestsScreen })),
);
export { RequestsCount } from './requests-count.tsx';

const LazyApprovalSetting = lazy(() =>
  import('./requests-screen.tsx').then((m) => ({ default: m.ApprovalSetting })),
);
/**
 * The approval setting for Configurações, loaded with the Pedidos screen's chunk. It shows nothing
 * until it has read the setting anyway: nothing while the chunk loads either, in place (its own
 * Suspense, so the settings above it stay on screen).
 */
export const ApprovalSetting = (props: ComponentProps<typeof LazyApprovalSetting>) =>
  createElement(Suspense, { fallback: null }, createElement(LazyApprovalSetting, props));
