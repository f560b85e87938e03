import { SPEC } from '../../schema/constants.ts';
import { defineBlock } from '../../runtime/block-api.ts';
import LoadingOverlay from './loadingOverlay.tsx';
import { loadingOverlaySchema } from './loadingOverlay.schema.ts';

const timing = {
  tickMs: SPEC.loadingTickMs,
  maxStep: SPEC.loadingMaxStep,
  hideDelayMs: SPEC.loadingHideDelayMs,
};

export default defineBlock({
  type: 'loadingOverlay',
  title: 'Tela de carregamento',
  description:
    'Tela da marca que cobre a página ao abrir, com logo e barra de progresso de 0 a 100% (avança um valor sorteado de até 15 a cada 150 ms; nos 100% some depois de 500 ms). Sem JavaScript ou com movimento reduzido, não aparece. Some sozinha em até 6 s.',
  schema: loadingOverlaySchema,
  component: LoadingOverlay,
  // Static HTML; progress, fade and scroll lock are a plain-DOM behaviour (loadingOverlay.behavior.ts)
  // that starts with the page script, never waiting for React.
  hydrate: false,
  // Its component does not render the block's id: no link lands on it (runtime/load/anchors.ts).
  anchors: false,
  behavior: true,
  placement: 'overlay',
  examples: [
    { name: 'Padrão', props: { label: 'Carregando', ...timing } },
    {
      name: 'Com mensagem',
      props: { label: 'Carregando', message: 'Preparando a sua recarga de CO2…', ...timing },
    },
  ],
});
