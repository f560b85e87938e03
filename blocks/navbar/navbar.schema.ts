import { Type } from '@sinclair/typebox';
import { SPEC } from '../../schema/constants.ts';
import { Cta, Link, SafeUrl, StringEnum, withDefault } from '../../schema/shared.ts';

export const navbarSchema = Type.Object(
  {
    logoHref: withDefault(
      SafeUrl({ description: 'Para onde o logo leva. Padrão: a página inicial (/).' }),
      '/',
    ),
    align: withDefault(
      StringEnum(['center', 'start'], {
        description:
          'Posição do logo: center (centralizado) ou start (à esquerda). Com links ou botão, o logo fica à esquerda.',
      }),
      'center',
    ),
    links: Type.Optional(
      Type.Array(Link, {
        minItems: 1,
        maxItems: 6,
        description:
          'Links do menu, ex.: { label: Benefícios, href: "#beneficios" }. Um link como /sodastream-t#sobre vira #sobre na própria página /sodastream-t (rolagem suave). No celular ficam num menu que abre pelo botão ☰.',
      }),
    ),
    cta: Type.Optional({
      ...Cta,
      description:
        'Botão laranja à direita, ex.: Agendar Recarga (abre o WhatsApp). Use track para o Analytics, ex.: NavbarT.',
    }),
    sticky: withDefault(
      Type.Boolean({
        description: 'A barra fica presa no topo ao rolar a página (sem cobrir o conteúdo). Padrão: não.',
      }),
      false,
    ),
    initial: withDefault(
      StringEnum(['solid', 'transparent'], {
        description:
          'Fundo no topo da página: solid (branco com linha) ou transparent (sem fundo; fica branco com desfoque ao rolar).',
      }),
      'solid',
    ),
    solidAfter: withDefault(
      Type.Integer({
        minimum: 0,
        maximum: 400,
        description: `Com sticky: depois de quantos pixels de rolagem a barra fica branca com sombra. Padrão: ${SPEC.navbarSolidPx} (${SPEC.navbarSolidPxAgendamento} em /agendamento e na barra só com o logo).`,
      }),
      SPEC.navbarSolidPx,
    ),
  },
  { additionalProperties: false },
);
