/** Site-wide settings, read from pages/_site.yaml. */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, Text } from './shared.ts';

/** Names of the prefilled chat messages (spec §7): a call to action picks one by name. */
export const CHAT_MESSAGES = ['recarga', 'duvidas'] as const;

/** A GA4 measurement id (G-…) or a Google Tag Manager container (GTM-…). */
export const ANALYTICS_ID_PATTERN = '^(G-[A-Z0-9]{4,16}|GTM-[A-Z0-9]{4,12})$';

const DatePattern = {
  pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  patternErrorMessage: 'Use a data no formato AAAA-MM-DD, ex.: 2026-12-01.',
};

const RoutePattern = {
  pattern: '^/([a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*)?$',
  patternErrorMessage: 'Use o endereço público da página, começando com /, ex.: /agendamento.',
};

/** One route split between its own page and variants at the CDN edge (issue 20). */
export const ExperimentSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
      maxLength: 40,
      patternErrorMessage: 'Use só letras minúsculas sem acento, números e hífens, ex.: agendamento-oferta.',
      description: 'Nome curto do experimento (vai no cookie e nas métricas), ex.: agendamento-oferta.',
    }),
    route: Type.String({
      ...RoutePattern,
      description:
        'O endereço dividido entre as páginas (o dos anúncios), ex.: /agendamento. Precisa ser o endereço de uma das páginas do experimento.',
    }),
    variants: Type.Array(
      Type.Object(
        {
          page: Type.String({
            minLength: 1,
            description: 'A página, como no extends: (agendamento para pages/agendamento.yaml).',
          }),
          weight: Type.Integer({
            minimum: 1,
            maximum: 100,
            description: 'A parte dos visitantes que vê esta página, em %. Os pesos somam 100.',
          }),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 2,
        maxItems: 6,
        description:
          'As páginas que dividem o endereço, com a parte dos visitantes de cada uma (somando 100).',
      },
    ),
    start: Type.Optional(
      Type.String({ ...DatePattern, description: 'Opcional. Primeiro dia (AAAA-MM-DD).' }),
    ),
    end: Type.Optional(Type.String({ ...DatePattern, description: 'Opcional. Último dia (AAAA-MM-DD).' })),
    winner: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'Opcional. A página vencedora: com ela, todos os visitantes passam a ver só essa página.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Where the site is served (issue 38): the three edge hosts the repository ships config for, or a static host. */
export const HOSTS = ['cloudflare', 'netlify', 'vercel', 'estatico'] as const;
export type Host = (typeof HOSTS)[number];

/** What an audience rule can ask of a visit (issue 38): the ad's UTM tags, a Google Ads click, the referring site. */
export const AUDIENCE_WHEN_KEYS = ['utm_campaign', 'utm_source', 'utm_medium', 'gclid', 'referrer'] as const;

const UtmValue = (name: string, example: string) =>
  Text({
    maxLength: 100,
    description: `O valor de ${name} do link do anúncio (sem diferença entre maiúsculas e minúsculas), ex.: ${example}.`,
  });

/** One rule of `audiences`: visitors whose visit matches `when` see `page` at `route`. */
export const AudienceSchema = Type.Object(
  {
    route: Type.String({
      ...RoutePattern,
      description:
        'O endereço para onde os anúncios levam, ex.: /agendamento. Precisa ser o endereço de uma página.',
    }),
    page: Type.String({
      minLength: 1,
      description:
        'A página que esse público vê nesse endereço, como no extends: (agendamento-natal para pages/agendamento-natal.yaml).',
    }),
    when: Type.Object(
      {
        utm_campaign: Type.Optional(UtmValue('utm_campaign', 'natal')),
        utm_source: Type.Optional(UtmValue('utm_source', 'facebook')),
        utm_medium: Type.Optional(UtmValue('utm_medium', 'cpc')),
        gclid: Type.Optional(
          Type.Literal(true, {
            description: 'true: a visita veio de um clique num anúncio do Google (o link tem gclid).',
          }),
        ),
        referrer: Type.Optional(
          Type.String({
            pattern: '^[a-z0-9]+(-[a-z0-9]+)*(\\.[a-z0-9]+(-[a-z0-9]+)*)+$',
            maxLength: 100,
            patternErrorMessage:
              'Escreva só o nome do site, em minúsculas, sem https:// nem caminho, ex.: facebook.com.',
            description:
              'O site de onde o visitante veio, ex.: facebook.com (vale também para m.facebook.com; "www." é ignorado).',
          }),
        ),
      },
      {
        additionalProperties: false,
        minProperties: 1,
        description:
          'Quando a regra vale: todas as condições escritas precisam bater (pelo menos uma), ex.: utm_campaign: natal.',
      },
    ),
  },
  { additionalProperties: false },
);

export const SiteSchema = Type.Object(
  {
    brand: Text({ description: 'Nome da marca, usado nos títulos e no rodapé.' }),
    origin: Type.String({
      pattern: '^https://[a-z0-9.-]+(:[0-9]+)?$',
      patternErrorMessage:
        'Use o endereço do site com https:// e sem barra no final, ex.: https://www.exemplo.com.br',
      description: 'Endereço público do site (https://…, sem barra no final); forma os links canônicos.',
    }),
    phone: Type.String({
      pattern: '^55[1-9][0-9]{9,10}$',
      patternErrorMessage: 'Escreva só os dígitos, com 55 e o DDD, ex.: 5511912345678.',
      description: 'Número do WhatsApp e do suporte, só dígitos com 55 e DDD (ex.: 5511912345678).',
    }),
    phoneDisplay: Text({ description: 'O mesmo número como o visitante lê, ex.: (11) 91234-5678.' }),
    email: Type.String({
      pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      patternErrorMessage: 'Escreva um e-mail válido, ex.: contato@exemplo.com.br',
      description: 'E-mail de contato (pedidos de reembolso, dúvidas).',
    }),
    messages: Type.Object(
      {
        recarga: Text({ description: 'Mensagem pronta do WhatsApp para agendar uma recarga.' }),
        duvidas: Text({ description: 'Mensagem pronta do WhatsApp para tirar dúvidas sobre a recarga.' }),
      },
      { additionalProperties: false, description: 'Mensagens prontas que abrem a conversa no WhatsApp.' },
    ),
    legalName: Text({ description: 'Razão social da empresa.' }),
    taxId: Type.String({
      pattern: '^[0-9]{2}\\.[0-9]{3}\\.[0-9]{3}/[0-9]{4}-[0-9]{2}$',
      patternErrorMessage: 'Use o formato de CNPJ 00.000.000/0000-00.',
      description: 'CNPJ, no formato 00.000.000/0000-00.',
    }),
    city: Text({ description: 'Cidade e estado da sede, ex.: Barueri, SP.' }),
    analyticsId: Type.Optional(
      Type.String({
        pattern: ANALYTICS_ID_PATTERN,
        patternErrorMessage:
          'Use o ID de métricas do Google Analytics 4 (G-XXXXXXXXXX) ou o contêiner do Google Tag Manager (GTM-XXXXXXX), em maiúsculas.',
        description:
          'Opcional. ID do Google Analytics 4 (G-…) ou do Google Tag Manager (GTM-…). Sem ele, o site não carrega nada do Google nem mostra o aviso de cookies; com ele, a tag só carrega depois do consentimento do visitante (LGPD).',
      }),
    ),
    experiments: Type.Optional(
      Type.Array(ExperimentSchema, {
        description:
          'Opcional. Testes A/B: cada endereço dividido entre a sua página e variantes, para saber qual traz mais conversas (docs/autoria.md).',
      }),
    ),
    host: Type.Optional(
      StringEnum(HOSTS, {
        description:
          'Opcional. Onde o site é publicado: cloudflare, netlify ou vercel (o código da borda troca páginas na hora marcada e mostra a página de cada público) ou estatico (um host só de arquivos: sem agendamentos nem públicos). Sem host, vale um dos três primeiros.',
      }),
    ),
    audiences: Type.Optional(
      Type.Array(AudienceSchema, {
        description:
          'Opcional. Públicos: quem chega de um anúncio (utm_campaign, utm_source, utm_medium, gclid ou o site de origem) vê outra página no mesmo endereço. A primeira regra que bate vale (docs/autoria.md, "Públicos").',
      }),
    ),
  },
  {
    additionalProperties: false,
    title: 'Configurações do site',
    description: 'Dados usados por todas as páginas.',
  },
);

export type Site = Static<typeof SiteSchema>;
export type Experiment = Static<typeof ExperimentSchema>;
export type Audience = Static<typeof AudienceSchema>;
export type ChatMessage = (typeof CHAT_MESSAGES)[number];
