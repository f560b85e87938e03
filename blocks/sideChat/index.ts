import { SPEC } from '../../schema/constants.ts';
import { defineBlock } from '../../runtime/block-api.ts';
import SideChat from './sideChat.tsx';
import { sideChatSchema } from './sideChat.schema.ts';

export default defineBlock({
  type: 'sideChat',
  title: 'Botão lateral do WhatsApp',
  description:
    'Botão flutuante do WhatsApp no canto inferior direito, só no computador. Abre com "Agende sua recarga agora!", recolhe para o ícone depois de 4 segundos (e fica recolhido na sessão) e abre de novo ao passar o mouse ou com o teclado. Tem botão para fechar.',
  schema: sideChatSchema,
  component: SideChat,
  // Static HTML; folding, unfolding on hover or focus and closing are a plain-DOM behaviour
  // (sideChat.behavior.ts) run by the page script, never React.
  hydrate: false,
  // Its component does not render the block's id: no link lands on it (runtime/load/anchors.ts).
  anchors: false,
  behavior: true,
  placement: 'overlay',
  examples: [
    {
      name: 'Agendamento',
      props: {
        label: 'Agende sua recarga agora!',
        cta: {
          label: 'Conversar no WhatsApp',
          action: 'whatsapp',
          message: 'recarga',
          track: 'SideWhatsAppCTA',
        },
        collapseAfterMs: SPEC.sideButtonCollapseMs,
      },
    },
  ],
});
