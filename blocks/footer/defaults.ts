/**
 * The footer's default content, shared by its schema (where ajv fills it in) and its
 * examples. Plain data: no TypeBox here.
 */
import type { IconName } from '../../design/icons.tsx';

export const DEFAULT_BLURB =
  'Recarga de cilindros de CO2 para máquinas de água com gás, com troca na porta da sua casa em São Paulo e Grande SP.';
export const DEFAULT_CHAT_LABEL = 'Falar no WhatsApp';
export const DEFAULT_TRACK = 'Footer';
export const DEFAULT_HOURS = 'Segunda a sábado, 8h às 20h';
export const DEFAULT_SAFETY_HEADING = 'Segurança e qualidade';
export const DEFAULT_LINKS_HEADING = 'Políticas';
export const DEFAULT_MINI_FAQ_HEADING = 'Dúvidas rápidas';

/** Spec §1, footer claims. */
export const DEFAULT_SAFETY: { icon: IconName; text: string }[] = [
  { icon: 'users', text: 'Mais de 500 clientes atendidos' },
  { icon: 'cylinder', text: 'Cilindros testados e certificados' },
  { icon: 'thumbsUp', text: 'Garantia de satisfação' },
  { icon: 'lock', text: 'Site protegido' },
];

export const DEFAULT_LINKS: { label: string; href: string }[] = [
  { label: 'Política de Reembolso', href: '/politica-de-reembolso' },
  { label: 'Política de Cancelamento', href: '/politica-de-cancelamento' },
  { label: 'Termos de Uso', href: '/termos-de-uso' },
  { label: 'Política de Privacidade', href: '/politica-de-privacidade' },
];

/** Everything the footer fills in when the page says only `- type: footer`. */
export const FOOTER_DEFAULTS = {
  blurb: DEFAULT_BLURB,
  chatLabel: DEFAULT_CHAT_LABEL,
  track: DEFAULT_TRACK,
  hours: DEFAULT_HOURS,
  safetyHeading: DEFAULT_SAFETY_HEADING,
  safety: DEFAULT_SAFETY,
  linksHeading: DEFAULT_LINKS_HEADING,
  links: DEFAULT_LINKS,
  miniFaqHeading: DEFAULT_MINI_FAQ_HEADING,
  tone: 'dark' as 'dark' | 'light',
  layout: 'full' as 'full' | 'compact',
};
