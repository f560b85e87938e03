/**
 * Portuguese for yaml-language-server's English messages. The service formats its messages from
 * templates (`Missing property "{0}".`): each template here becomes a pattern that matches the
 * formatted message and gives back its arguments, so one table covers both the language service's
 * templates and the `yaml` parser's fixed messages. A message missing from the table stays in
 * English: better an English hint than none.
 *
 * The schema's own Portuguese (`patternErrorMessage`, `errorMessage`) passes through untouched,
 * since it matches no English template.
 */

type Render = string | ((args: string[]) => string);

/** Names of JSON types as a marketer reads them. */
const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  integer: 'um número inteiro',
  boolean: 'true ou false',
  object: 'um grupo de campos (chave: valor)',
  array: 'uma lista (itens começando com -)',
  null: 'nada (vazio)',
};

const typeName = (name: string): string => TYPE_NAMES[name.replace(/"/g, '')] ?? name;

/** yaml-language-server joins alternatives with " | " (one per matching block schema). */
function alternatives(arg: string): string[] {
  return [...new Set(arg.split(' | '))];
}

function orList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`;
}

/** `[a, b` or `{a: 1` left open (the parser names them "Flow sequence" and "Flow map"). */
function unclosedFlow(kind: string | undefined, orIndent: boolean): string {
  const what = kind === 'Flow sequence' ? 'Lista entre colchetes sem "]"' : 'Grupo entre chaves sem "}"';
  return `${what} no fim${orIndent ? ' (ou com recuo de menos)' : ''}.`;
}

/**
 * English template → Portuguese. The templates are yaml-language-server 1.25.0's, as written in
 * its l10n/bundle.l10n.json and baseValidator.js (tests check they still exist there), and the
 * `yaml` parser's messages seen when breaking the real pages.
 */
export const MESSAGES: ReadonlyArray<readonly [english: string, portuguese: Render]> = [
  // Schema: the ones every page author meets.
  [
    'Missing property "{0}".',
    ([names = '']) =>
      `Falta a propriedade obrigatória ${orList(alternatives(names).map((name) => `"${name}"`))}.`,
  ],
  ['Property {0} is not allowed.', '"{0}" não é uma propriedade aceita aqui.'],
  [
    'Incorrect type. Expected "{0}".',
    ([types = '']) => `Tipo incorreto: aqui vai ${orList(alternatives(types).map(typeName))}.`,
  ],
  [
    'Incorrect type. Expected one of {0}.',
    ([types = '']) => `Tipo incorreto: aqui vai ${orList(types.split(', ').map(typeName))}.`,
  ],
  ['Value is not accepted. Valid values: {0}.', 'Valor não aceito. Valores válidos: {0}.'],
  [
    'Value must be {0}.',
    ([values = '']) => {
      const list = alternatives(values);
      return list.length === 1
        ? `O valor deve ser ${list[0]}.`
        : `O valor deve ser um destes: ${list.join(', ')}.`;
    },
  ],
  ['String is longer than the maximum length of {0}.', 'Texto longo demais: no máximo {0} caracteres.'],
  [
    'String is shorter than the minimum length of {0}.',
    ([min = '']) =>
      min === '1' ? 'O texto não pode ficar vazio.' : `Texto curto demais: no mínimo ${min} caracteres.`,
  ],
  ['String does not match the pattern of "{0}".', 'O texto não está no formato esperado ({0}).'],
  ['Value is below the minimum of {0}.', 'Valor abaixo do mínimo, que é {0}.'],
  ['Value is above the maximum of {0}.', 'Valor acima do máximo, que é {0}.'],
  ['Value is below the exclusive minimum of {0}.', 'O valor precisa ser maior que {0}.'],
  ['Value is above the exclusive maximum of {0}.', 'O valor precisa ser menor que {0}.'],
  ['Value is not divisible by {0}.', 'O valor precisa ser múltiplo de {0}.'],
  ['Array has too few items. Expected {0} or more.', 'Itens de menos nesta lista: são pelo menos {0}.'],
  ['Array has too many items. Expected {0} or fewer.', 'Itens demais nesta lista: no máximo {0}.'],
  [
    'Array has too many items according to schema. Expected {0} or fewer.',
    'Itens demais nesta lista: no máximo {0}.',
  ],
  ['Array has duplicate items.', 'A lista tem itens repetidos.'],
  ['Array does not contain required item.', 'Falta na lista um item obrigatório.'],
  ['Object is missing property {0} required by property {1}.', 'Falta a propriedade {0}, exigida por {1}.'],
  ['Object has more properties than limit of {0}.', 'Propriedades demais: no máximo {0}.'],
  [
    'Object has fewer properties than the required number of {0}',
    'Propriedades de menos: são pelo menos {0}.',
  ],
  [
    'Matches multiple schemas when only one must validate.',
    'Confere com mais de um formato; deveria ser só um.',
  ],
  ['Matches a schema that is not allowed.', 'Este conteúdo não é permitido aqui.'],
  ['String is not a URI: {0}', 'O texto não é um endereço válido: {0}'],
  ['URI expected.', 'Aqui vai um endereço (URI).'],
  ['URI with a scheme is expected.', 'Aqui vai um endereço completo, com https://.'],
  ['String is not an e-mail address.', 'O texto não é um e-mail.'],
  ['Unresolved alias "{0}"', 'Apelido "{0}" sem âncora correspondente.'],
  ['Unused anchor "{0}"', 'Âncora "{0}" não usada.'],
  ["Unable to load schema from '{0}': {1}.", 'Não foi possível carregar o esquema {0}: {1}.'],
  ["Unable to load schema from '{0}'.", 'Não foi possível carregar o esquema {0}.'],
  // The `yaml` parser (syntax), reported by the service with source "YAML".
  ['Map keys must be unique', 'Chave repetida: cada chave aparece uma vez só neste nível.'],
  ['Tabs are not allowed as indentation', 'Use espaços para recuar a linha, não tabulação.'],
  [
    'Nested mappings are not allowed in compact mappings',
    'Há ": " no meio do valor: ponha o texto entre aspas, ou confira o recuo.',
  ],
  [
    'Implicit keys need to be on a single line',
    'A chave precisa caber numa linha só: confira o recuo e os dois-pontos.',
  ],
  ['Implicit map keys need to be followed by map values', 'Falta ":" depois da chave.'],
  [
    'All mapping items must start at the same column',
    'As chaves deste grupo precisam começar na mesma coluna.',
  ],
  [
    'A block sequence may not be used as an implicit map key',
    'Recuo incorreto: confira os espaços antes desta linha.',
  ],
  ['Sequence item without - indicator', 'Item de lista sem "-": confira o recuo.'],
  ["Missing closing 'quote", "Faltam as aspas simples (') do fim."],
  ['Missing closing "quote', 'Faltam as aspas duplas (") do fim.'],
  ['Invalid escape sequence {0}', 'Barra invertida inválida entre aspas duplas ({0}): use aspas simples.'],
  [
    '{0} in block collection must be sufficiently indented and end with a {1}',
    ([kind]) => unclosedFlow(kind, true),
  ],
  ['{0} must end with a {1}', ([kind]) => unclosedFlow(kind, false)],
];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CompiledMessage {
  pattern: RegExp;
  render: Render;
}

/** `{0}` becomes a lazy group; the whole message must match, across lines (arguments can be long). */
const COMPILED: CompiledMessage[] = MESSAGES.map(([english, render]) => ({
  pattern: new RegExp(`^${escapeRegExp(english).replace(/\\\{\d+\\\}/g, '([\\s\\S]+?)')}$`),
  render,
}));

/** The Portuguese for one of yaml-language-server's messages, or the message itself. */
export function toPortuguese(message: string): string {
  for (const { pattern, render } of COMPILED) {
    const match = pattern.exec(message);
    if (!match) continue;
    const args = match.slice(1);
    return typeof render === 'function'
      ? render(args)
      : render.replace(/\{(\d+)\}/g, (_, index: string) => args[Number(index)] ?? '');
  }
  return message;
}

/** The hover's English headings ("Allowed Values:", one "Example:" per example). */
export function hoverToPortuguese(markdown: string): string {
  const examples = markdown.match(/^Example:$/gm)?.length ?? 0;
  let first = true;
  return markdown.replace(/^Allowed Values:$/m, 'Valores aceitos:').replace(/^Example:\n\n/gm, () => {
    if (!first) return '';
    first = false;
    return examples > 1 ? 'Exemplos:\n\n' : 'Exemplo:\n\n';
  });
}
