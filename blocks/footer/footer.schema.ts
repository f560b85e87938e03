import { Type } from '@sinclair/typebox';
import { IconSchema, SafeUrl, StringEnum, Text, withDefault } from '../../schema/shared.ts';
import { CHAT_MESSAGES } from '../../schema/site.ts';
import {
  DEFAULT_BLURB,
  DEFAULT_CHAT_LABEL,
  DEFAULT_HOURS,
  DEFAULT_LINKS,
  DEFAULT_LINKS_HEADING,
  DEFAULT_MINI_FAQ_HEADING,
  DEFAULT_SAFETY,
  DEFAULT_SAFETY_HEADING,
  DEFAULT_TRACK,
} from './defaults.ts';

/** A footer link: a page or address (`href`), or the WhatsApp chat with a prefilled message (`whatsapp`). */
const FooterLink = Type.Object(
  {
    label: Text({ maxLength: 40, description: 'Texto do link.' }),
    href: Type.Optional(SafeUrl({ description: 'Destino: /pagina, #secao, https://…, tel: ou mailto:.' })),
    whatsapp: Type.Optional(
      StringEnum(CHAT_MESSAGES, {
        description:
          'Em vez de href: abre o WhatsApp com esta mensagem pronta (recarga ou duvidas), com o número de _site.yaml.',
      }),
    ),
  },
  {
    additionalProperties: false,
    anyOf: [{ required: ['href'] }, { required: ['whatsapp'] }],
    errorMessage: 'Cada link do rodapé precisa de href (um endereço) ou whatsapp (recarga ou duvidas).',
  },
);

export const footerSafetyItemSchema = Type.Object(
  {
    icon: IconSchema(),
    text: Text({ maxLength: 60, description: 'Um selo curto, ex.: Cilindros testados e certificados.' }),
  },
  { additionalProperties: false, description: 'Um item da lista de segurança e qualidade.' },
);

export const footerMiniFaqItemSchema = Type.Object(
  {
    question: Text({ maxLength: 100, description: 'Pergunta curta.' }),
    answer: Text({ maxLength: 280, description: 'Resposta curta, de uma ou duas frases.' }),
  },
  { additionalProperties: false, description: 'Uma pergunta rápida do rodapé e a sua resposta.' },
);

// Legal name, tax id, city, phone and e-mail come from pages/_site.yaml: never repeated here.
export const footerSchema = Type.Object(
  {
    blurb: withDefault(
      Text({ maxLength: 240, description: 'Frase sobre a empresa, sob o logo.' }),
      DEFAULT_BLURB,
    ),
    chatLabel: withDefault(
      Text({
        maxLength: 40,
        description: 'Texto do link do WhatsApp (abre a conversa com a mensagem de agendar recarga).',
      }),
      DEFAULT_CHAT_LABEL,
    ),
    track: withDefault(
      Type.String({
        pattern: '^[A-Za-z][A-Za-z0-9_]*$',
        patternErrorMessage: 'Use letras, números e _ sem espaços, ex.: Footer.',
        description:
          'Rótulo do evento whatsapp_click (categoria Contato, ação WhatsApp Click) do link do rodapé.',
      }),
      DEFAULT_TRACK,
    ),
    hours: withDefault(
      Text({ maxLength: 60, description: 'Horário de atendimento, ex.: Segunda a sábado, 8h às 20h.' }),
      DEFAULT_HOURS,
    ),
    safetyHeading: withDefault(
      Text({ maxLength: 40, description: 'Título da lista de segurança e qualidade.' }),
      DEFAULT_SAFETY_HEADING,
    ),
    safety: withDefault(
      Type.Array(footerSafetyItemSchema, {
        minItems: 1,
        maxItems: 6,
        description: 'Lista de segurança e qualidade (ícone e texto curto).',
      }),
      DEFAULT_SAFETY,
    ),
    linksHeading: withDefault(
      Text({ maxLength: 40, description: 'Título da coluna de links.' }),
      DEFAULT_LINKS_HEADING,
    ),
    links: withDefault(
      Type.Array(FooterLink, {
        minItems: 1,
        maxItems: 8,
        description: 'Links do rodapé. Padrão: as três políticas (reembolso, cancelamento e termos de uso).',
      }),
      DEFAULT_LINKS,
    ),
    miniFaqHeading: withDefault(
      Text({ maxLength: 40, description: 'Título das perguntas rápidas (só aparece com miniFaq).' }),
      DEFAULT_MINI_FAQ_HEADING,
    ),
    miniFaq: Type.Optional(
      Type.Array(footerMiniFaqItemSchema, {
        minItems: 1,
        maxItems: 6,
        description:
          'Perguntas rápidas no topo do rodapé, que abrem e fecham sem JavaScript (como em /agendamento).',
      }),
    ),
    tone: withDefault(
      StringEnum(['dark', 'light'], {
        description: 'Fundo do rodapé: dark (azul-marinho, padrão) ou light (cinza-claro).',
      }),
      'dark',
    ),
    layout: withDefault(
      StringEnum(['full', 'compact'], {
        description:
          'full (padrão): rodapé completo. compact: só uma faixa com os links (políticas e privacidade), o ano, a razão social, o CNPJ e a cidade, para páginas curtas como a inicial; não carrega JavaScript.',
      }),
      'full',
    ),
  },
  { additionalProperties: false },
);
