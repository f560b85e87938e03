import { CloneType, Type } from '@sinclair/typebox';
import { Cta, IconSchema, Image, StringEnum, Text, withDefault } from '../../schema/shared.ts';

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
      CloneType(Cta, {
        description: 'Botão principal (laranja), ex.: Agendar agora com track HeroSectionT.',
      }),
    ),
    secondaryCta: Type.Optional(
      CloneType(Cta, { description: 'Segundo botão, com contorno, ao lado do principal (opcional).' }),
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
      CloneType(Image, {
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
  },
  { additionalProperties: false },
);
