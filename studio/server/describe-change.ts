/**
 * What one version of a page changed, in a marketer's words: "Muda o título da Abertura da
 * página", "Adiciona Perguntas frequentes", "Muda 3 perguntas das Perguntas frequentes", "Muda o
 * título da página (SEO)". Histórico titles every version with these sentences, whoever made it
 * (a commit made with plain git included).
 *
 * Pure: the input is the file's text before and after, and, when the loader could resolve them,
 * the pages as they render (a variant merged with its base, defaults filled in). Comparing the
 * resolved pages makes a page and a variant read alike ("Muda o título da Abertura da página"
 * whether it was written in `blocks:` or in `change: { hero: … }`); when the loader could not
 * resolve a version (it has errors under today's schema, its base is gone) the file's own YAML is
 * compared, and a variant's operations are described one by one.
 *
 * Names come from the page schema (schema/page.schema.json): the blocks' titles, as the block
 * palette and the structure panel show them, and the properties' descriptions when no shorter
 * name is known here.
 */
import { load as parseYamlText } from 'js-yaml';
import pageSchemaJson from '../../schema/page.schema.json';

type Data = Record<string, unknown>;

/** One side of the change: the file's text (null: the file does not exist) and its resolved page. */
export interface PageSide {
  text: string | null;
  /** The page as the loader resolved it (variants merged, defaults filled in), when it could. */
  page?: Data | null;
}

/** A block type's name and the article it takes ("a Abertura da página", "as Perguntas frequentes"). */
interface BlockName {
  title: string;
  article: Article;
}
type Article = 'o' | 'a' | 'os' | 'as' | 'o bloco';

/** What the describer knows about blocks: titles and property descriptions, from the page schema. */
export interface Vocabulary {
  blockTitle(type: string): string | undefined;
  /** The description of a block's property (its first phrase names the field in the form). */
  propDescription(type: string, prop: string): string | undefined;
}

interface SchemaNode {
  title?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
}

/** The vocabulary of a page schema (schema/page.schema.json, or one built the same way). */
export function vocabularyOf(pageSchema: unknown): Vocabulary {
  const blocks = new Map<string, SchemaNode>();
  const oneOf = (pageSchema as { properties?: { blocks?: { items?: { oneOf?: SchemaNode[] } } } } | undefined)
    ?.properties?.blocks?.items?.oneOf;
  for (const schema of oneOf ?? []) {
    const type = (schema.properties?.type as { const?: unknown } | undefined)?.const;
    if (typeof type === 'string') blocks.set(type, schema);
  }
  return {
    blockTitle: (type) => blocks.get(type)?.title,
    propDescription: (type, prop) => blocks.get(type)?.properties?.[prop]?.description,
  };
}

export const pageVocabulary: Vocabulary = vocabularyOf(pageSchemaJson);

/**
 * The article each block's title takes. A block type missing here reads "do bloco <título>"
 * (correct, if plainer); tests/studio/describe-change.test.ts fails until a new type is added.
 */
export const BLOCK_ARTICLES: Readonly<Record<string, Article>> = {
  banner: 'a',
  choiceCards: 'os',
  comparison: 'a',
  credibility: 'os',
  faq: 'as',
  features: 'os',
  footer: 'o',
  gallery: 'a',
  hero: 'a',
  legal: 'o',
  loadingOverlay: 'a',
  mediaText: 'o bloco',
  navbar: 'a',
  notFound: 'a',
  offer: 'a',
  popup: 'o',
  sideChat: 'o',
  specs: 'as',
  steps: 'o',
  stickyCta: 'a',
  testimonials: 'os',
};

/** Short names of common block properties, with their article. Others: the form's label. */
const PROP_NOUNS: Readonly<Record<string, string>> = {
  title: 'o título',
  heading: 'o título',
  subtitle: 'o subtítulo',
  intro: 'a frase sob o título',
  eyebrow: 'a chamada acima do título',
  highlight: 'o destaque do título',
  cta: 'o botão',
  secondaryCta: 'o segundo botão',
  ctas: 'os botões',
  image: 'a imagem',
  images: 'as imagens',
  text: 'o texto',
  note: 'a nota sob o botão',
  noteIcon: 'o ícone da nota',
  price: 'o preço',
  oldPrice: 'o preço antigo',
  priceNote: 'a nota do preço',
  coupon: 'o cupom',
  badge: 'o selo',
  label: 'o texto do botão',
  tone: 'o fundo',
  variant: 'a aparência',
  layout: 'a disposição',
  items: 'os itens',
  cards: 'os cartões',
  links: 'os links',
  paragraphs: 'os parágrafos',
  bullets: 'a lista',
  bulletsHeading: 'o título da lista',
  rows: 'as linhas',
  caption: 'a legenda',
  footnote: 'a observação',
  stats: 'os números',
  badges: 'os selos',
  message: 'a mensagem',
  delayMs: 'o tempo até aparecer',
  aside: 'o cartão ao lado',
  structuredData: 'os dados estruturados',
  blurb: 'a frase sobre a empresa',
  chatLabel: 'o texto do link do WhatsApp',
  track: 'o rótulo do evento',
  hours: 'o horário de atendimento',
  sections: 'as seções',
  updated: 'a data de atualização',
  contact: 'o quadro de contato',
  floating: 'as imagens flutuantes',
  entrance: 'a animação de entrada',
  summary: 'a nota média',
  imageSide: 'o lado da imagem',
  id: 'o endereço (#id)',
  miniFaq: 'as perguntas rápidas',
  safety: 'a lista de segurança',
};
/** Per block type, where the generic name would be vague. */
const PROP_NOUNS_BY_TYPE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  faq: { items: 'as perguntas' },
  steps: { items: 'os passos' },
  features: { items: 'os cartões' },
  testimonials: { items: 'os depoimentos' },
  specs: { items: 'as linhas da ficha' },
  comparison: { columns: 'as colunas' },
};

/** The name of one item of a list property: singular, plural, feminine. */
type ItemNoun = [one: string, many: string, feminine: boolean];
const ITEM_NOUNS: Readonly<Record<string, ItemNoun>> = {
  'faq.items': ['pergunta', 'perguntas', true],
  'steps.items': ['passo', 'passos', false],
  'features.items': ['cartão', 'cartões', false],
  'testimonials.items': ['depoimento', 'depoimentos', false],
  'specs.items': ['linha da ficha', 'linhas da ficha', true],
  'comparison.columns': ['coluna', 'colunas', true],
  'footer.miniFaq': ['pergunta rápida', 'perguntas rápidas', true],
  cards: ['cartão', 'cartões', false],
  links: ['link', 'links', false],
  images: ['imagem', 'imagens', true],
  floating: ['imagem flutuante', 'imagens flutuantes', true],
  stats: ['número', 'números', false],
  badges: ['selo', 'selos', false],
  sections: ['seção', 'seções', true],
  paragraphs: ['parágrafo', 'parágrafos', false],
  rows: ['linha', 'linhas', true],
  ctas: ['botão', 'botões', false],
};
const ITEM_DEFAULT: ItemNoun = ['item', 'itens', false];

/** Page settings (outside the blocks), in the order they are told. */
const META_SENTENCES: Readonly<Record<string, string>> = {
  title: 'Muda o título da página (SEO)',
  description: 'Muda a descrição da página (SEO)',
  image: 'Muda a imagem de compartilhamento',
  robots: 'Muda se o Google indexa a página',
  canonical: 'Muda o link canônico',
  analytics: 'Muda os eventos do Analytics',
  reveal: 'Muda a animação dos blocos ao rolar',
  scrollToTop: 'Muda a rolagem ao abrir a página',
  jsonLd: 'Muda os dados estruturados (JSON-LD)',
};
const VARIANT_OPS = ['change', 'replace', 'remove', 'insertBefore', 'insertAfter', 'move'] as const;

/** Beyond this many sentences, the rest is counted ("E mais 4 mudanças"). */
const MAX_SENTENCES = 6;

// ---------------------------------------------------------------------------------------------

const isRecord = (x: unknown): x is Data => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Deep equality of YAML data (key order ignored). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => same(x, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}

const contract = (prep: 'de' | 'a', article: Article): string => {
  const table: Record<string, Record<Article, string>> = {
    de: { o: 'do', a: 'da', os: 'dos', as: 'das', 'o bloco': 'do bloco' },
    a: { o: 'ao', a: 'à', os: 'aos', as: 'às', 'o bloco': 'ao bloco' },
  };
  return table[prep]![article];
};

const joinE = (parts: string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)!}`;

const count = (n: number, [one, many, feminine]: ItemNoun): string =>
  n === 1 ? `${feminine ? 'uma' : 'um'} ${one}` : `${n} ${many}`;

interface Block {
  type: string;
  id?: string;
  data: Data;
}

function blocksOf(page: Data | undefined): Block[] {
  const list = page?.blocks;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((data) => ({
    type: typeof data.type === 'string' ? data.type : '?',
    id: typeof data.id === 'string' ? data.id : undefined,
    data,
  }));
}

/** How a sentence names a block of a page: its title, and which one when the page has several. */
class Namer {
  constructor(
    private readonly vocab: Vocabulary,
    private readonly pages: Block[][],
  ) {}

  name(block: Block): BlockName {
    const title = this.vocab.blockTitle(block.type) ?? block.type;
    const article = BLOCK_ARTICLES[block.type] ?? 'o bloco';
    const several = this.pages.some((blocks) => blocks.filter((b) => b.type === block.type).length > 1);
    return { title: several && block.id ? `${title} (#${block.id})` : title, article };
  }
  /** "Perguntas frequentes", "o bloco Imagem e texto" (a title that takes no article of its own). */
  bare = (block: Block) => {
    const { title, article } = this.name(block);
    return article === 'o bloco' ? `o bloco ${title}` : title;
  };
  the = (block: Block) => {
    const { title, article } = this.name(block);
    return `${article} ${title}`;
  };
  of = (block: Block) => {
    const { title, article } = this.name(block);
    return `${contract('de', article)} ${title}`;
  };
  to = (block: Block) => {
    const { title, article } = this.name(block);
    return `${contract('a', article)} ${title}`;
  };

  /** "o título", or the form's label of the property ("o campo “Selo curto acima do título”"). */
  prop(type: string, prop: string): string {
    const known = PROP_NOUNS_BY_TYPE[type]?.[prop] ?? PROP_NOUNS[prop];
    if (known) return known;
    const description = this.vocab.propDescription(type, prop);
    const label = description
      ?.split(/,? \(?ex\.:|\. |: |; /)[0]
      ?.trim()
      .replace(/\.$/, '');
    return label && label.length <= 60 ? `o campo “${label}”` : `o campo ${prop}`;
  }
}

const itemNoun = (type: string, prop: string): ItemNoun =>
  ITEM_NOUNS[`${type}.${prop}`] ?? ITEM_NOUNS[prop] ?? ITEM_DEFAULT;

/**
 * Pairs the items of two lists: equal items first (in order, so an unchanged item never pairs
 * with another), then what is left in order, as the same item changed; the rest was added or
 * removed. `key` pairs first by identity (a block's id) when given.
 */
function pairUp<T>(
  before: T[],
  after: T[],
  equal: (a: T, b: T) => boolean,
  similar: (a: T, b: T) => boolean,
  key?: (x: T) => string | undefined,
): { pairs: [number, number][]; added: number[]; removed: number[] } {
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const pairs: [number, number][] = [];
  const link = (i: number, j: number) => {
    usedA.add(i);
    usedB.add(j);
    pairs.push([i, j]);
  };
  if (key) {
    for (let i = 0; i < before.length; i++) {
      const k = key(before[i]!);
      if (k === undefined) continue;
      const j = after.findIndex((x, jj) => !usedB.has(jj) && key(x) === k);
      if (j >= 0) link(i, j);
    }
  }
  // Equal items, as a longest common subsequence would (greedy is enough for page lists).
  for (let i = 0; i < before.length; i++) {
    if (usedA.has(i) || (key && key(before[i]!) !== undefined)) continue;
    const j = after.findIndex(
      (x, jj) => !usedB.has(jj) && (!key || key(x) === undefined) && equal(before[i]!, x),
    );
    if (j >= 0) link(i, j);
  }
  for (let i = 0; i < before.length; i++) {
    if (usedA.has(i) || (key && key(before[i]!) !== undefined)) continue;
    const j = after.findIndex(
      (x, jj) => !usedB.has(jj) && (!key || key(x) === undefined) && similar(before[i]!, x),
    );
    if (j >= 0) link(i, j);
  }
  pairs.sort((p, q) => p[0] - q[0]);
  return {
    pairs,
    added: after.map((_, j) => j).filter((j) => !usedB.has(j)),
    removed: before.map((_, i) => i).filter((i) => !usedA.has(i)),
  };
}

/** The pairs that moved: those outside a longest increasing run of their new positions. */
function moved(pairs: [number, number][]): [number, number][] {
  const seq = pairs.map((p) => p[1]);
  const n = seq.length;
  const length = new Array<number>(n).fill(1);
  const prev = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      if (seq[j]! < seq[i]! && length[j]! + 1 > length[i]!) {
        length[i] = length[j]! + 1;
        prev[i] = j;
      }
    }
  }
  let end = length.indexOf(Math.max(0, ...length));
  const keep = new Set<number>();
  while (end >= 0) {
    keep.add(end);
    end = prev[end]!;
  }
  return pairs.filter((_, i) => !keep.has(i));
}

/** A block changed in place: what to say about it. */
function describeBlockChange(a: Block, b: Block, names: Namer): string[] {
  const keys = [...new Set([...Object.keys(a.data), ...Object.keys(b.data)])].filter(
    (k) => k !== 'type' && !same(a.data[k], b.data[k]),
  );
  const props: string[] = [];
  const lists: string[] = [];
  // Shown to everyone or hidden from paid-ad visitors: a sentence of its own.
  if (keys.includes('hideFor')) {
    lists.push(
      b.data.hideFor === undefined
        ? `Volta a mostrar ${names.the(b)} para quem vem de anúncio pago`
        : `Esconde ${names.the(b)} de quem vem de anúncio pago`,
    );
  }
  for (const key of keys.filter((k) => k !== 'hideFor')) {
    const x = a.data[key];
    const y = b.data[key];
    if (!Array.isArray(x) || !Array.isArray(y)) {
      props.push(key);
      continue;
    }
    const noun = itemNoun(b.type, key);
    const { pairs, added, removed } = pairUp(x, y, same, () => true);
    const changed = pairs.filter(([i, j]) => !same(x[i], y[j])).length;
    if (added.length > 0) lists.push(`Adiciona ${count(added.length, noun)} ${names.to(b)}`);
    if (removed.length > 0) lists.push(`Remove ${count(removed.length, noun)} ${names.of(b)}`);
    if (moved(pairs).length > 0)
      lists.push(`Muda a ordem ${noun[2] ? 'das' : 'dos'} ${noun[1]} ${names.of(b)}`);
    if (changed > 0) lists.push(`Muda ${count(changed, noun)} ${names.of(b)}`);
  }
  const sentences: string[] = [];
  if (props.length > 0) {
    const nouns = props.map((p) => names.prop(b.type, p));
    sentences.push(
      nouns.length <= 3
        ? `Muda ${joinE(nouns)} ${names.of(b)}`
        : `Muda ${nouns.length} campos ${names.of(b)}`,
    );
  }
  sentences.push(...lists);
  // Many small changes to one block read as one sentence.
  if (sentences.length > 3) return [`Muda ${keys.length} partes ${names.of(b)}`];
  return sentences;
}

function describeBlocks(before: Block[], after: Block[], names: Namer): string[] {
  const { pairs, added, removed } = pairUp(
    before,
    after,
    (x, y) => same(x.data, y.data),
    (x, y) => x.type === y.type,
    (x) => x.id,
  );
  const out: string[] = [];
  // A block whose id now names another type was replaced.
  const swapped = pairs.filter(([i, j]) => before[i]!.type !== after[j]!.type);
  for (const [i, j] of swapped) out.push(`Troca ${names.the(before[i]!)} por ${names.bare(after[j]!)}`);
  const kept = pairs.filter((p) => !swapped.includes(p));
  if (removed.length > 0) out.push(`Remove ${joinE(removed.map((i) => names.bare(before[i]!)))}`);
  if (added.length > 0) out.push(`Adiciona ${joinE(added.map((j) => names.bare(after[j]!)))}`);
  const movedPairs = moved(kept);
  if (movedPairs.length === 1) out.push(`Muda ${names.the(after[movedPairs[0]![1]]!)} de lugar`);
  else if (movedPairs.length > 1) out.push('Muda a ordem dos blocos');
  for (const [i, j] of kept) {
    if (!same(before[i]!.data, after[j]!.data))
      out.push(...describeBlockChange(before[i]!, after[j]!, names));
  }
  return out;
}

function describeMeta(a: Data, b: Data): string[] {
  const out: string[] = [];
  for (const [key, sentence] of Object.entries(META_SENTENCES)) {
    if (!same(a[key], b[key])) out.push(sentence);
  }
  return out;
}

function describeExtends(a: Data, b: Data): string[] {
  const from = typeof a.extends === 'string' ? a.extends : undefined;
  const to = typeof b.extends === 'string' ? b.extends : undefined;
  if (from === to) return [];
  if (from === undefined) return [`Passa a ser uma variante de ${to}`];
  if (to === undefined) return [`Deixa de ser uma variante de ${from}`];
  return [`Passa a ser uma variante de ${to} (era de ${from})`];
}

/**
 * A variant the loader could not resolve: its operations, told one by one. A block is named by
 * the type its reference names (`hero`), else by the reference (`o bloco #duvidas`).
 */
function describeVariantOps(a: Data, b: Data, vocab: Vocabulary): string[] {
  const block = (ref: string): Block => ({
    type: vocab.blockTitle(ref) ? ref : `#${ref}`,
    data: {},
  });
  const names = new Namer(
    {
      blockTitle: (type) => vocab.blockTitle(type) ?? (type.startsWith('#') ? type : undefined),
      propDescription: vocab.propDescription,
    },
    [],
  );
  const op = (data: Data, name: string): Data => (isRecord(data[name]) ? data[name] : {});
  const list = (data: Data, name: string): string[] =>
    Array.isArray(data[name]) ? data[name].filter((x): x is string => typeof x === 'string') : [];
  const out: string[] = [];

  const changeA = op(a, 'change');
  const changeB = op(b, 'change');
  for (const ref of new Set([...Object.keys(changeA), ...Object.keys(changeB)])) {
    const x = isRecord(changeA[ref]) ? changeA[ref] : {};
    const y = isRecord(changeB[ref]) ? changeB[ref] : {};
    const props = [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => !same(x[k], y[k]));
    if (props.length === 0) continue;
    const target = block(ref);
    const nouns = props.map((p) => names.prop(target.type, p));
    out.push(
      nouns.length <= 3
        ? `Muda ${joinE(nouns)} ${names.of(target)}`
        : `Muda ${nouns.length} campos ${names.of(target)}`,
    );
  }
  const replaceA = op(a, 'replace');
  const replaceB = op(b, 'replace');
  for (const ref of new Set([...Object.keys(replaceA), ...Object.keys(replaceB)])) {
    if (!same(replaceA[ref], replaceB[ref])) out.push(`Troca ${names.the(block(ref))}`);
  }
  const removeA = list(a, 'remove');
  const removeB = list(b, 'remove');
  const hidden = removeB.filter((r) => !removeA.includes(r));
  const shown = removeA.filter((r) => !removeB.includes(r));
  if (hidden.length > 0) out.push(`Remove ${joinE(hidden.map((r) => names.bare(block(r))))}`);
  if (shown.length > 0) out.push(`Volta a mostrar ${joinE(shown.map((r) => names.bare(block(r))))}`);
  const inserted = (data: Data) =>
    ['insertBefore', 'insertAfter'].flatMap((name) =>
      Object.values(op(data, name)).flatMap((blocks) => blocksOf({ blocks })),
    );
  const insA = inserted(a);
  const insB = inserted(b);
  const { pairs, added, removed } = pairUp(
    insA,
    insB,
    (x, y) => same(x.data, y.data),
    (x, y) => x.type === y.type,
    (x) => x.id,
  );
  if (removed.length > 0) out.push(`Remove ${joinE(removed.map((i) => names.bare(insA[i]!)))}`);
  if (added.length > 0) out.push(`Adiciona ${joinE(added.map((j) => names.bare(insB[j]!)))}`);
  for (const [i, j] of pairs) {
    if (!same(insA[i]!.data, insB[j]!.data)) out.push(...describeBlockChange(insA[i]!, insB[j]!, names));
  }
  const moveA = op(a, 'move');
  const moveB = op(b, 'move');
  for (const ref of new Set([...Object.keys(moveA), ...Object.keys(moveB)])) {
    if (!same(moveA[ref], moveB[ref])) out.push(`Muda ${names.the(block(ref))} de lugar`);
  }
  return out;
}

function parseLoose(text: string): Data | undefined {
  try {
    const data = parseYamlText(text);
    return isRecord(data) ? data : data == null ? {} : undefined;
  } catch {
    return undefined;
  }
}

/** At most MAX_SENTENCES: the first ones, and how many more. */
function capped(sentences: string[]): string[] {
  const unique = [...new Set(sentences)];
  if (unique.length <= MAX_SENTENCES) return unique;
  const rest = unique.length - (MAX_SENTENCES - 1);
  return [
    ...unique.slice(0, MAX_SENTENCES - 1),
    rest === 1 ? 'E mais uma mudança' : `E mais ${rest} mudanças`,
  ];
}

/**
 * What changed between two versions of a page file, as short Portuguese sentences, most
 * telling first: the page created or deleted, a variant's base, the page settings (SEO), blocks
 * added, removed, replaced or moved, then what changed inside each block, in page order.
 */
export function describePageChange(before: PageSide, after: PageSide, vocab = pageVocabulary): string[] {
  if (before.text === null && after.text === null) return [];
  if (before.text === null) return ['Cria a página'];
  if (after.text === null) return ['Apaga a página'];
  if (before.text === after.text) return ['Não muda o texto da página'];
  const rawA = parseLoose(before.text);
  const rawB = parseLoose(after.text);
  if (rawB === undefined) return ['Muda o arquivo da página, que ficou com um erro de escrita (YAML)'];
  if (rawA === undefined) return ['Corrige um erro de escrita (YAML) no arquivo da página'];

  const out = describeExtends(rawA, rawB);
  const resolved = Boolean(before.page && after.page);
  const variant = 'extends' in rawA || 'extends' in rawB;
  if (!resolved && variant) {
    out.push(...describeMeta(rawA, rawB), ...describeVariantOps(rawA, rawB, vocab));
  } else {
    const a = resolved ? before.page! : rawA;
    const b = resolved ? after.page! : rawB;
    const blocksA = blocksOf(a);
    const blocksB = blocksOf(b);
    out.push(
      ...describeMeta(a, b),
      ...describeBlocks(blocksA, blocksB, new Namer(vocab, [blocksA, blocksB])),
    );
  }
  if (out.length === 0) {
    // Same page, other text: comments, spacing, quotes, or a variant written another way.
    const opsChanged = VARIANT_OPS.some((k) => !same(rawA[k], rawB[k]));
    return [
      opsChanged || !same(rawA, rawB)
        ? 'Reescreve o arquivo sem mudar a página'
        : 'Muda só comentários ou espaços do arquivo; a página fica igual',
    ];
  }
  return capped(out);
}
