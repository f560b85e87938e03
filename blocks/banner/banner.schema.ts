import { Type } from '@sinclair/typebox';
import { Cta, describedAs, IconSchema, StringEnum, Text, Tone, withDefault } from '../../schema/shared.ts';

export const bannerSchema = Type.Object(
  {
    variant: withDefault(
      StringEnum(['primary', 'secondary', 'final'], {
        description:
          'Aparência da faixa: primary (clara, com destaque laranja), secondary (azul-marinho) ou final (grande, para o fim da página, com a linha de garantia).',
      }),
      'primary',
    ),
    eyebrow: Type.Optional(Text({ maxLength: 40, description: 'Palavra curta acima do título.' })),
    heading: Text({ maxLength: 90, description: 'Título da chamada (h2), ex.: Pronto para recarregar?' }),
    text: Type.Optional(Text({ maxLength: 240, description: 'Uma ou duas frases sob o título.' })),
    cta: describedAs(Cta, {
      description: 'O botão principal (laranja), ex.: Agendar pelo WhatsApp com track CTASectionT.',
    }),
    secondaryCta: Type.Optional(
      describedAs(Cta, {
        description: 'Um segundo botão, contornado (opcional), ex.: Tirar dúvidas com message duvidas.',
      }),
    ),
    note: Type.Optional(
      Text({
        maxLength: 90,
        description: 'Linha de garantia sob os botões, ex.: Resposta em até 30 minutos.',
      }),
    ),
    noteIcon: withDefault(IconSchema({ description: 'Ícone da linha de garantia. Padrão: clock.' }), 'clock'),
    tone: withDefault(Tone({ description: 'Fundo em volta da faixa: light, alt ou dark.' }), 'light'),
  },
  { additionalProperties: false },
);
