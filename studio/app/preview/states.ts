/**
 * The states a visitor can meet that the preview shows on demand (the "Estado" control), shared
 * by the Estúdio's app and the frame's agent. With them every prop of every block is visible in
 * some state: the popup's text, the phone menu's links, each FAQ answer, the slides after the
 * first, what paid-ad visitors do not see, the consent banner and the loading overlay.
 */
export const PREVIEW_STATES = [
  { id: 'pagina', label: 'Página carregada' },
  { id: 'popup', label: 'Popup aberto' },
  { id: 'menu', label: 'Menu do celular aberto' },
  { id: 'faq', label: 'Primeira pergunta aberta' },
  { id: 'slide-2', label: 'Segundo slide (galeria e depoimentos)' },
  { id: 'slide-3', label: 'Terceiro slide (galeria e depoimentos)' },
  { id: 'pago', label: 'Visitante de anúncio pago (gclid)' },
  { id: 'cookies', label: 'Aviso de cookies' },
  { id: 'carregamento', label: 'Tela de carregamento' },
] as const;

export type PreviewStateId = (typeof PREVIEW_STATES)[number]['id'];

export const isPreviewState = (value: unknown): value is PreviewStateId =>
  PREVIEW_STATES.some((s) => s.id === value);
