/**
 * Value types shared by blocks and pages. Every description is Portuguese: authors
 * read it on hover in their editor and in the block reference.
 */
import {
  CloneType,
  Type,
  type SchemaOptions,
  type Static,
  type TOptional,
  type TSchema,
} from '@sinclair/typebox';
import { ICON_NAMES } from './icon-names.ts';

declare const hasDefault: unique symbol;
/** Type-level marker: this property has a schema default, so components always receive it. */
export interface HasDefault {
  readonly [hasDefault]: true;
}

/**
 * An optional property with a default value. The default lives here, in the schema, and
 * ajv fills it in (useDefaults) before a page renders: components never repeat it.
 */
export function withDefault<T extends TSchema>(schema: T, value: Static<T>): TOptional<T> & HasDefault {
  return Type.Optional({ ...schema, default: value }) as TOptional<T> & HasDefault;
}

/** One of a fixed list of strings (a plain `enum`, so errors and editors list the choices). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: values, ...options });

/** Non-empty single-line or multi-line text. */
export const Text = (options: SchemaOptions & { maxLength?: number } = {}) =>
  Type.String({ minLength: 1, ...options });

/**
 * A link target an author may write: an https address, a page of this site ("/agendamento"),
 * an anchor on the page ("#duvidas"), "tel:" or "mailto:". Never javascript:, data: or vbscript:.
 */
export const SafeUrl = (options: SchemaOptions = {}) =>
  Type.String({
    format: 'safe-url',
    description: 'Endereço do link: https://…, /pagina-do-site, #secao, tel:… ou mailto:…',
    ...options,
  });

/** The check behind the "safe-url" format (registered with ajv in runtime/load/validate.ts). */
export function isSafeUrl(value: string): boolean {
  // Whitespace and control characters can hide a scheme ("java\tscript:"): refuse them all.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  if (value.startsWith('#')) return /^#[A-Za-z][\w-]*$/.test(value);
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  return (
    /^https:\/\/[^/?#]+\.[^/?#]+/i.test(value) ||
    /^mailto:[^@]+@[^@]+$/i.test(value) ||
    /^tel:\+?[\d-]+$/i.test(value)
  );
}

/** Schemes that run code or embed content when followed; named in the error. */
export function unsafeScheme(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\s\u0000-\u001f\u007f-\u009f]/g, '').toLowerCase();
  return ['javascript:', 'data:', 'vbscript:'].find((scheme) => compact.startsWith(scheme));
}

/** A path to a file of this site (images are made here and never hot-linked). */
export const SitePath = (options: SchemaOptions = {}) =>
  Type.String({
    pattern: '^/(?!/)[^\\s\\\\]*$',
    patternErrorMessage:
      'Use um caminho do próprio site começando com "/", por exemplo /images/cilindro.svg.',
    ...options,
  });

/**
 * A copy of a shared schema (Image, Cta…) with its own description and annotations.
 * `CloneType(schema, options)` would not do: TypeBox spreads the schema over the options,
 * so the shared description wins and the editor shows the generic text.
 */
export function describedAs<T extends TSchema>(schema: T, options: SchemaOptions): T {
  return { ...CloneType(schema), ...options };
}

export const Image = Type.Object(
  {
    src: SitePath({
      description:
        'Arquivo da imagem, dentro de public/ (ex.: /images/cilindro.svg). Ilustrações em SVG; fotos em JPG, PNG ou WebP, no maior tamanho que houver: o build gera as versões AVIF e WebP nos tamanhos em que a foto aparece.',
    }),
    alt: Type.String({
      description:
        'Texto alternativo lido por leitores de tela. Deixe vazio ("") só se a imagem for decorativa.',
    }),
    width: Type.Integer({
      minimum: 1,
      description: 'Largura natural da imagem, em pixels (reserva o espaço: nada pula quando ela chega).',
    }),
    height: Type.Integer({ minimum: 1, description: 'Altura natural da imagem, em pixels.' }),
  },
  { additionalProperties: false, description: 'Uma imagem com texto alternativo e dimensões.' },
);
export type ImageValue = Static<typeof Image>;

export const Link = Type.Object(
  {
    label: Text({ description: 'Texto do botão ou link.' }),
    href: SafeUrl(),
  },
  { additionalProperties: false, description: 'Um link com texto.' },
);
export type LinkValue = Static<typeof Link>;

const ID_RULE = {
  pattern: '^[a-z][a-z0-9-]*$',
  patternErrorMessage:
    'Use só letras minúsculas sem acento, números e hífens, começando por letra (ex.: pre-lancamento).',
};

/** Anchor id of a block: lower-case letters, digits and hyphens ("duvidas", "pre-lancamento"). */
export const AnchorId = Type.String({
  ...ID_RULE,
  description:
    'Identificador da seção, usado em links como #duvidas. Só letras minúsculas, números e hífens.',
});

/** The id of a block that gives its page no anchor (`anchors: false`): it only names the block. */
export const BlockId = Type.String({
  ...ID_RULE,
  description:
    'Identificador do bloco, usado para mudá-lo numa variante; este bloco não é destino de links #. Só letras minúsculas, números e hífens.',
});

/**
 * A call to action. By default it opens the WhatsApp chat with the "recarga" message;
 * `action: phone` calls the support number; `action: link` goes to `href`.
 * `track` names the section in analytics (spec §7, e.g. HeroSectionT).
 */
export const Cta = Type.Object(
  {
    label: Text({ maxLength: 60, description: 'Texto do botão (um verbo: "Agendar recarga").' }),
    action: withDefault(
      StringEnum(['whatsapp', 'phone', 'link'], {
        description: 'O que o botão faz: whatsapp (abre a conversa), phone (liga) ou link (vai para href).',
      }),
      'whatsapp',
    ),
    message: withDefault(
      StringEnum(['recarga', 'duvidas'], {
        description:
          'Mensagem pronta do WhatsApp (de _site.yaml): recarga (agendar) ou duvidas (tirar dúvidas).',
      }),
      'recarga',
    ),
    href: Type.Optional(
      SafeUrl({ description: 'Destino quando action é link: /pagina, #secao ou https://…' }),
    ),
    track: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z][A-Za-z0-9_]*$',
        patternErrorMessage: 'Use letras, números e _ sem espaços, ex.: HeroSectionT.',
        description: 'Nome da seção nos eventos de clique do Analytics, ex.: HeroSectionT.',
        examples: ['HeroSectionT', 'CTASectionT', 'NavbarT'],
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Um botão de ação: abre o WhatsApp (padrão), liga, ou leva a um link.',
    if: { properties: { action: { const: 'link' } }, required: ['action'] },
    // ajv strict mode wants a required key declared beside it.
    then: { required: ['href'], properties: { href: true } },
  },
);
export type CtaValue = Static<typeof Cta>;

/** One icon of the site's set (schema/icon-names.ts; drawn by design/icons.tsx). */
export const IconSchema = (options: SchemaOptions = {}) =>
  StringEnum(ICON_NAMES, {
    description: 'Ícone do conjunto do site, ex.: truck, shield, savings, clock.',
    ...options,
  });

/** Accent colour of a card or icon, from the brand palette. */
export const ACCENTS = ['water', 'orange', 'navy', 'green'] as const;
export type AccentName = (typeof ACCENTS)[number];

export const Accent = (options: SchemaOptions = {}) =>
  StringEnum(ACCENTS, {
    description:
      'Cor de destaque: water (azul-água), orange (laranja), navy (azul-marinho) ou green (verde).',
    ...options,
  });

/** Light or dark section background. */
export const Tone = (options: SchemaOptions = {}) =>
  StringEnum(['light', 'alt', 'dark'], {
    description: 'Fundo da seção: light (branco), alt (cinza-claro) ou dark (azul-marinho, texto claro).',
    ...options,
  });

/** Who should not see a block: paidTraffic = visitors from a paid search ad (gclid or utm_source=google). */
export const HideFor = StringEnum(['paidTraffic'], {
  description: 'Esconde o bloco para: paidTraffic (visitantes de anúncio pago: gclid ou utm_source=google).',
});
