/** Site-wide settings, read from pages/_site.yaml. */
import { Type, type Static } from '@sinclair/typebox';
import { Text } from './shared.ts';

/** Names of the prefilled chat messages (spec §7): a call to action picks one by name. */
export const CHAT_MESSAGES = ['recarga', 'duvidas'] as const;

/** A GA4 measurement id (G-…) or a Google Tag Manager container (GTM-…). */
export const ANALYTICS_ID_PATTERN = '^(G-[A-Z0-9]{4,16}|GTM-[A-Z0-9]{4,12})$';

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
  },
  {
    additionalProperties: false,
    title: 'Configurações do site',
    description: 'Dados usados por todas as páginas.',
  },
);

export type Site = Static<typeof SiteSchema>;
export type ChatMessage = (typeof CHAT_MESSAGES)[number];
