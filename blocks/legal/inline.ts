/**
 * Inline markup of legal text, shared by the schema (which validates it) and the component
 * (which renders it). Plain text plus two things:
 * - {token}: a value from pages/_site.yaml, so the YAML never repeats the e-mail, phone,
 *   legal name or tax id;
 * - [texto](/pagina) or [texto](#secao): a link to a page of this site or a section.
 */

/** Site values a legal text may show, by the name authors write between braces. */
export const SITE_TOKENS = {
  marca: 'nome da marca',
  empresa: 'razão social',
  cnpj: 'CNPJ',
  cidade: 'cidade da sede',
  email: 'e-mail, como link',
  telefone: 'telefone, como link para ligar',
  whatsapp: 'número do WhatsApp, como link que abre a conversa',
} as const;

export type SiteToken = keyof typeof SITE_TOKENS;

const tokenNames = Object.keys(SITE_TOKENS) as SiteToken[];

/** A link target inside text: a page of this site (not "//host") or an anchor on the page. */
const LINK_TARGET = '/(?![/\\\\])[^()\\s\\\\]*|#[a-z][a-z0-9-]*';

/** JSON Schema pattern (ajv, unicode mode) of a valid legal text. */
export const INLINE_TEXT_PATTERN = `^(?:[^{}\\[\\]]|\\{(?:${tokenNames.join('|')})\\}|\\[[^\\[\\]{}]+\\]\\((?:${LINK_TARGET})\\))*$`;

export const INLINE_TEXT_HELP = `Texto simples. Para mostrar dados de _site.yaml, escreva ${tokenNames
  .map((t) => `{${t}}`)
  .join(', ')}; para um link, [texto](/pagina) ou [texto](#secao).`;

export type InlinePart =
  | { kind: 'text'; text: string }
  | { kind: 'token'; token: SiteToken }
  | { kind: 'link'; text: string; href: string };

const isToken = (name: string): name is SiteToken => Object.hasOwn(SITE_TOKENS, name);

/** Splits a text into plain runs, site tokens and links. Unknown {names} stay as text. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = new RegExp(`\\{([a-z]+)\\}|\\[([^\\[\\]{}]+)\\]\\((${LINK_TARGET})\\)`, 'g');
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const prev = parts[parts.length - 1];
    if (prev?.kind === 'text') prev.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(pattern)) {
    pushText(text.slice(last, match.index));
    const [whole, token, label, href] = match;
    if (token !== undefined) {
      if (isToken(token)) parts.push({ kind: 'token', token });
      else pushText(whole);
    } else parts.push({ kind: 'link', text: label!, href: href! });
    last = match.index + whole.length;
  }
  pushText(text.slice(last));
  return parts;
}
