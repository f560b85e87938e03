import { Type } from '@sinclair/typebox';
import { SPEC } from '../../schema/constants.ts';
import {
  Cta,
  describedAs,
  IconSchema,
  Image,
  SitePath,
  StringEnum,
  Text,
  withDefault,
} from '../../schema/shared.ts';

const steps = SPEC.heroRevealStepsMs.map((ms) => `${ms / 1000}`.replace('.', ',')).join(', ');

/** A decorative image floating over the hero background, with parallax on scroll. */
export const floatingImageSchema = Type.Object(
  {
    src: SitePath({
      description: 'Arquivo da imagem, dentro de public/ (ex.: /images/cilindro-flutuante.svg).',
    }),
    alt: withDefault(
      Type.Literal('', {
        description: 'Sempre vazio: a imagem é só decoração e fica escondida dos leitores de tela.',
      }),
      '',
    ),
    width: Type.Integer({
      minimum: 16,
      maximum: 240,
      description:
        'Largura mostrada no computador, em pixels. No celular e no tablet, 60% dela, encostada na borda mais próxima.',
    }),
    height: Type.Integer({
      minimum: 16,
      maximum: 480,
      description: 'Altura correspondente, em pixels (a proporção da imagem é mantida).',
    }),
    top: Type.Number({
      minimum: 0,
      maximum: 100,
      description: 'Distância do topo da abertura, em % da altura dela (0 a 100).',
    }),
    left: Type.Number({
      minimum: 0,
      maximum: 100,
      description:
        'Distância da borda esquerda no computador, em % da largura (0 a 100). Escolha um espaço livre entre o texto e a ilustração.',
    }),
  },
  { additionalProperties: false, description: 'Uma imagem decorativa flutuante.' },
);

export const heroSchema = Type.Object(
  {
    eyebrow: Type.Optional(
      Text({
        maxLength: 60,
        description: 'Selo curto acima do título, ex.: ENTREGA 100% GRÁTIS • RECARGAS OFICIAIS.',
      }),
    ),
    title: Text({
      maxLength: 90,
      description: 'Título principal da página (h1). Curto: cabe em três linhas no celular.',
      examples: ['Sodastream Refil fácil e rápido.'],
    }),
    highlight: Type.Optional(
      Text({
        description:
          'Trecho do título pintado na cor de destaque; copie exatamente do título, ex.: fácil e rápido.',
      }),
    ),
    subtitle: Type.Optional(Text({ maxLength: 240, description: 'Uma ou duas frases sob o título.' })),
    cta: Type.Optional(
      describedAs(Cta, {
        description: 'Botão principal (laranja), ex.: Agendar agora com track HeroSectionT.',
      }),
    ),
    secondaryCta: Type.Optional(
      describedAs(Cta, { description: 'Segundo botão, com contorno, ao lado do principal (opcional).' }),
    ),
    note: Type.Optional(
      Text({ maxLength: 80, description: 'Prova social sob os botões, ex.: +500 trocas por mês.' }),
    ),
    noteIcon: withDefault(
      IconSchema({ description: 'Ícone antes da prova social. Padrão: users.' }),
      'users',
    ),
    badge: Type.Optional(
      Type.Object(
        {
          value: Text({ maxLength: 8, description: 'Número em destaque, ex.: 70%.' }),
          label: Text({ maxLength: 24, description: 'Texto sob o número, ex.: de economia.' }),
        },
        {
          additionalProperties: false,
          description: 'Selo redondo sobre a imagem, só no computador (a partir de 1024 px).',
        },
      ),
    ),
    image: Type.Optional(
      describedAs(Image, {
        description:
          'Ilustração ao lado do texto (abaixo dele no celular). Carrega primeiro: é a maior imagem da tela.',
      }),
    ),
    tone: withDefault(
      StringEnum(['light', 'dark'], {
        description: 'Fundo: light (claro, com bolhas) ou dark (azul-marinho, texto claro).',
      }),
      'light',
    ),
    entrance: withDefault(
      StringEnum(['none', 'staged'], {
        description: `Entrada: none (tudo aparece de uma vez) ou staged (selo, título, frase e botões surgem aos ${steps} s). Sem JavaScript ou com movimento reduzido, tudo aparece de uma vez.`,
      }),
      'none',
    ),
    floating: Type.Optional(
      Type.Array(floatingImageSchema, {
        minItems: 1,
        maxItems: 6,
        description:
          'Imagens decorativas (ex.: cilindros) que flutuam atrás do texto e se movem ao rolar a página (paralaxe: 0,2 + 0,1 por imagem). Desligadas com movimento reduzido.',
      }),
    ),
  },
  { additionalProperties: false },
);
