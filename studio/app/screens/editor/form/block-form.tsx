/**
 * The form of the block under the cursor, generated from its schema (schema/page.schema.json,
 * the editor's schema): text and long text, selects for enums, toggles, numbers, lists with add,
 * remove and reorder, nested objects (a call to action), and an image chooser over
 * public/images/ with uploads (image-picker.tsx). Every edit is a text edit of that node only
 * (yaml-edits.ts), applied to the source editor as one undoable step, so the source, the form
 * and the preview stay one.
 *
 * In a variant's `change:` entry every field shows, as its placeholder, the value the base page
 * gives (the loader's merge of the base, GET /api/inherited), and a field the variant writes
 * offers "Usar o valor da página base", which removes that override's own lines.
 */
import { useId, type ReactNode } from 'react';
import { isMap, isPair, isScalar, type Node, type Pair, type YAMLMap } from 'yaml';
import { css } from '@emotion/react';
import { sizeToWrite } from '../../../../image-rules.ts';
import { colors, fonts, radii } from '../../../../../design/theme.ts';
import { Button, ON_PHONE } from '../../../shared/ui.tsx';
import { readYaml } from '../../../../yaml-paths.ts';
import { ImagePicker } from './image-picker.tsx';
import {
  addItem,
  inlineYaml,
  removeItem,
  removeKey,
  setListItem,
  setValue,
  setValues,
  swapWithNext,
  type TextChange,
  type YamlPath,
} from '../../../../yaml-edits.ts';

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  title?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  examples?: unknown[];
}

/** Applies an edit computed from the current text (undefined: nothing to do). */
export type Edit = (make: (text: string) => TextChange | undefined) => void;

/**
 * A field of a variant's `change:` entry: what the base page gives there (undefined when the
 * base has no value, or before it is known) and the length of the entry's path (`change.<key>`),
 * where removing overrides stops.
 */
interface Base {
  value: unknown;
  root: number;
}

const baseOf = (base: Base | undefined, key: string): Base | undefined =>
  base && {
    root: base.root,
    value:
      typeof base.value === 'object' && base.value !== null && !Array.isArray(base.value)
        ? (base.value as Record<string, unknown>)[key]
        : undefined,
  };

/** An inherited value as a placeholder: texts and numbers as written; nothing for lists and maps. */
function placeholderOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.replace(/\s*\n\s*/g, ' ').trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** The text's positioned document: parsed once per text (read only here). */
function docOf(text: string) {
  return readYaml(text).doc;
}

function pairIn(map: unknown, key: string | number): Pair | undefined {
  if (!isMap(map)) return undefined;
  return map.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key)) as
    Pair | undefined;
}

const nodeIn = (doc: ReturnType<typeof docOf>, path: YamlPath): unknown =>
  path.length === 0 ? doc.contents : doc.getIn(path, true);

const lineStartOf = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

/**
 * "Usar o valor da página base": removes the variant's override at `path` (a key under the
 * `change.<key>` entry, whose path has `root` parts), its own lines only. A map the removal
 * empties would read as null, and null in `change:` deletes the base's value, so an emptied map
 * goes too, up to the entry; the entry itself, emptied, keeps `{}` (no change, and the form stays
 * on this block). Every other byte stays as written.
 */
export function removeOverride(text: string, path: YamlPath, root: number): TextChange | undefined {
  const doc = docOf(text);
  let at = path;
  while (at.length - 1 > root) {
    const parent = nodeIn(doc, at.slice(0, -1));
    if (!isMap(parent) || parent.flow || parent.items.length !== 1) break;
    at = at.slice(0, -1);
  }
  const removal = removeKey(text, at);
  if (!removal || at.length - 1 !== root) return removal;
  const entry = nodeIn(doc, at.slice(0, -1));
  if (!isMap(entry) || entry.flow || entry.items.length !== 1) return removal;
  // The entry's own `key:`: `{}` after its colon; what lay between it and the removed lines
  // (a comment) stays.
  const pair = pairIn(nodeIn(doc, at.slice(0, -2)), at[at.length - 2]!);
  const keyEnd = (pair?.key as Node | undefined)?.range?.[1];
  if (keyEnd === undefined) return removal;
  const colon = text.indexOf(':', keyEnd) + 1;
  let between = text.slice(colon, removal.from);
  if (removal.to === text.length && !text.endsWith('\n')) between = between.replace(/\n$/, '');
  return { from: colon, to: removal.to, insert: ` {}${between}` };
}

/**
 * Sets the value at `path`, writing the maps above it that the text does not have yet (a
 * variant's change of `cta.label` when it changes nothing else of the `cta`) as indented lines
 * under the nearest map that exists. An emptied change entry (`hero: {}`) takes the value as an
 * indented line too, not as `{ title: … }`. Undefined when no map above it exists.
 */
export function setDeep(text: string, path: YamlPath, value: unknown): TextChange | undefined {
  const doc = docOf(text);
  let k = path.length - 1;
  while (k >= 0 && !isMap(nodeIn(doc, path.slice(0, k)))) k--;
  if (k < 0) return undefined;
  const anchor = nodeIn(doc, path.slice(0, k)) as YAMLMap;
  const missing = path.slice(k);
  const named = missing.every((part) => typeof part === 'string');
  const nested = (pad: string) =>
    missing
      .map(
        (key, i) =>
          `\n${pad}${'  '.repeat(i)}${key}:${i === missing.length - 1 ? ` ${inlineYaml(value)}` : ''}`,
      )
      .join('');
  if (named && anchor.flow && anchor.items.length === 0 && anchor.range && k > 0) {
    const owner = nodeIn(doc, path.slice(0, k - 1));
    const ownerKey = pairIn(owner, path[k - 1]!)?.key as Node | undefined;
    if (isMap(owner) && !owner.flow && ownerKey?.range) {
      const colon = text.indexOf(':', ownerKey.range[1]) + 1;
      const pad = ' '.repeat(ownerKey.range[0] - lineStartOf(text, ownerKey.range[0]) + 2);
      return { from: colon, to: anchor.range[1], insert: nested(pad) };
    }
  }
  if (missing.length === 1) return setValue(text, path, value);
  // A key that is there but holds no map (`cta:` with nothing, a text) is not written over.
  if (!named || pairIn(anchor, missing[0]!)) return undefined;
  if (!anchor.flow) {
    // setValue knows where a new key of this map goes and at which indentation.
    const probe = setValue(text, [...path.slice(0, k), missing[0]!], null);
    const pad = probe?.insert.match(/^\n( *)/)?.[1];
    if (!probe || pad === undefined) return undefined;
    return { ...probe, insert: nested(pad) };
  }
  const data = missing.slice(1).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
  return setValue(text, [...path.slice(0, k), missing[0]!], data);
}

const formCss = css`
  padding: 12px 16px 24px;
  overflow: auto;
  min-height: 0;
  font-size: 14px;
  h2 {
    font-size: 1.05rem;
    margin-bottom: 4px;
  }
  .intro {
    color: ${colors.muted};
    margin: 0 0 12px;
  }
  fieldset {
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
    padding: 8px 12px 4px;
    margin: 0 0 12px;
  }
  legend {
    font: 600 13px/1.4 ${fonts.display};
    color: ${colors.navy};
    padding: 0 4px;
  }
  .field {
    display: grid;
    gap: 2px;
    margin-bottom: 10px;
  }
  .field > label,
  .check > label {
    font: 600 13px/1.4 ${fonts.display};
    color: ${colors.navy};
  }
  .field code {
    font-size: 11px;
    color: ${colors.muted};
    font-weight: 400;
  }
  .hint {
    font-size: 12px;
    color: ${colors.muted};
  }
  input[type='text'],
  input[type='number'],
  select,
  textarea {
    font: inherit;
    padding: 6px 8px;
    border: 1px solid ${colors.disabled};
    border-radius: 6px;
    width: 100%;
  }
  textarea {
    min-height: 72px;
    resize: vertical;
  }
  .check {
    display: flex;
    gap: 8px;
    align-items: center;
    margin-bottom: 10px;
  }
  .item {
    border-left: 3px solid ${colors.waterLight};
    padding-left: 10px;
    margin-bottom: 10px;
  }
  .item-bar {
    display: flex;
    gap: 6px;
    align-items: center;
    margin-bottom: 6px;
    font: 600 12px/1.4 ${fonts.display};
    color: ${colors.muted};
  }
  .item-bar button {
    min-height: 28px;
    padding: 2px 10px;
    font-size: 12px;
  }
  input::placeholder,
  textarea::placeholder {
    color: ${colors.muted};
    font-style: italic;
    opacity: 1;
  }
  .label-row {
    display: flex;
    gap: 8px;
    align-items: baseline;
    justify-content: space-between;
    flex-wrap: wrap;
  }
  .check .label-row {
    flex: 1;
  }
  .use-base {
    min-height: 28px;
    padding: 2px 10px;
    font-size: 12px;
    white-space: nowrap;
  }
  /* A finger's size on a phone. */
  ${ON_PHONE} {
    .item-bar button,
    .use-base {
      min-height: 44px;
    }
    /* A yes/no field: its label (which takes the tap) fills the row, 44 px high. */
    .check .label-row > label {
      flex: 1;
      min-height: 44px;
      align-content: center;
    }
  }
  .inherited {
    font-size: 12px;
    color: ${colors.muted};
    font-style: italic;
  }
`;

/**
 * "Título da chamada (h2), ex.: Pronto para recarregar?" → "Título da chamada (h2)";
 * "Arquivo da imagem, dentro de public/ (ex.: /images/x.svg)." → "Arquivo da imagem, dentro de public/".
 */
function labelOf(key: string, schema: JsonSchema): string {
  const text = schema.title ?? schema.description;
  if (!text) return key;
  const short = text.split(/,? \(?ex\.:|\. |: |; /)[0]!.trim();
  return short.length > 0 && short.length <= 90 ? short : key;
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** A starting value for a new list item or a new key: required keys with empty values. */
function emptyValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, emptyValue(schema.properties?.[k] ?? { type: 'string' })]),
      );
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return '';
  }
}

/** "Usar o valor da página base" on a field (or a group) the variant writes. */
function UseBase({ label, onUse }: { label: string; onUse: () => void }) {
  return (
    <Button
      tone="quiet"
      className="use-base"
      aria-label={`Usar o valor da página base em ${label}`}
      data-use-base
      onClick={onUse}
    >
      Usar o valor da página base
    </Button>
  );
}

function Field({
  name,
  schema,
  value,
  path,
  required,
  edit,
  image,
  base,
}: {
  name: string;
  schema: JsonSchema;
  value: unknown;
  path: YamlPath;
  required: boolean;
  edit: Edit;
  /** On the `src` of an image object: the object, for the chooser's edit of src, width and height. */
  image?: { schema: JsonSchema; value: Record<string, unknown> };
  /** In a variant's `change:` entry: the base page's value here. */
  base?: Base;
}) {
  const id = useId();
  const label = labelOf(name, schema);
  // The description's first phrase is the label: the hint is the rest of it.
  const rest = schema.description?.startsWith(label)
    ? schema.description.slice(label.length).replace(/^[\s.,;:]+/, '')
    : schema.description;
  // Capitalised unless it starts with a value to write as is (paidTraffic).
  const hint =
    rest && /^\p{Ll}+\b/u.test(rest) ? rest.charAt(0).toUpperCase() + rest.slice(1) : rest || undefined;
  const kind = typeOf(schema);
  const set = (next: unknown) => edit((text) => setDeep(text, path, next));
  // In a variant, an emptied field goes back to the base's value (its override removed whole).
  const clear = () => edit((text) => (base ? removeOverride(text, path, base.root) : removeKey(text, path)));
  const overridden = base !== undefined && value !== undefined;
  const inherited = base?.value;
  const useBase = () => {
    clear();
    // The button goes with the override: the focus moves to the field, now showing the base's value.
    document.getElementById(id)?.focus();
  };
  const head = (
    <span className="label-row">
      <label htmlFor={id}>
        {label} <code>{name}</code>
        {required || base ? '' : ' (opcional)'}
      </label>
      {overridden && <UseBase label={label} onUse={useBase} />}
    </span>
  );
  const help = hint ? (
    <span className="hint" id={`${id}-ajuda`}>
      {hint}
    </span>
  ) : null;
  const describedBy = hint ? `${id}-ajuda` : undefined;

  if (schema.const !== undefined) return null;
  if (kind === 'boolean') {
    const fromBase = base !== undefined && value === undefined;
    return (
      <div className="check">
        <input
          id={id}
          type="checkbox"
          checked={fromBase ? inherited === true : value === true}
          aria-describedby={fromBase ? `${id}-herdado` : describedBy}
          onChange={(e) => set(e.target.checked)}
        />
        {head}
        {fromBase && (
          <span className="inherited" id={`${id}-herdado`}>
            como na página base
          </span>
        )}
      </div>
    );
  }
  if (schema.enum) {
    return (
      <div className="field">
        {head}
        <select
          id={id}
          value={value === undefined ? '' : String(value)}
          aria-describedby={describedBy}
          onChange={(e) =>
            e.target.value === '' ? clear() : set(schema.enum!.find((v) => String(v) === e.target.value))
          }
        >
          {!required && (
            <option value="">
              {base
                ? inherited !== undefined
                  ? `(da página base: ${String(inherited)})`
                  : '(como na página base)'
                : `(padrão${schema.default !== undefined ? `: ${String(schema.default)}` : ''})`}
            </option>
          )}
          {schema.enum.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
        {help}
      </div>
    );
  }
  if (kind === 'number' || kind === 'integer') {
    return (
      <div className="field">
        {head}
        <input
          id={id}
          type="number"
          value={typeof value === 'number' ? value : ''}
          min={schema.minimum}
          max={schema.maximum}
          placeholder={
            placeholderOf(inherited) ?? (schema.default !== undefined ? String(schema.default) : undefined)
          }
          aria-describedby={describedBy}
          onChange={(e) => (e.target.value === '' ? clear() : set(Number(e.target.value)))}
        />
        {help}
      </div>
    );
  }
  if (kind === 'object' && schema.properties) {
    return (
      <Group
        label={label}
        name={name}
        help={help}
        onUseBase={overridden ? () => edit((text) => removeOverride(text, path, base.root)) : undefined}
      >
        <Fields schema={schema} value={value} path={path} edit={edit} base={base} />
      </Group>
    );
  }
  if (kind === 'array' && schema.items) {
    return (
      <List
        name={name}
        label={label}
        schema={schema}
        value={value}
        path={path}
        edit={edit}
        help={help}
        base={base}
      />
    );
  }
  // Text: long text in a text area.
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const shown = value === undefined && typeof inherited === 'string' ? inherited : text;
  const long = shown.length > 70 || shown.includes('\n') || (schema.maxLength ?? 0) > 200;
  const placeholder = value === undefined ? placeholderOf(inherited) : undefined;
  const onText = (next: string) => (next === '' && (!required || base) ? clear() : set(next));
  return (
    <div className="field">
      {head}
      {long ? (
        <textarea
          id={id}
          value={text}
          placeholder={placeholder}
          aria-describedby={describedBy}
          onChange={(e) => onText(e.target.value)}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={text}
          placeholder={placeholder}
          aria-describedby={describedBy}
          onChange={(e) => onText(e.target.value)}
        />
      )}
      {help}
      {image && (
        <ImagePicker
          label={label}
          current={text}
          onChoose={(chosen) =>
            edit((t) => {
              const values = {
                src: chosen.url,
                ...sizeToWrite(image.schema.properties ?? {}, image.value.width, chosen),
              };
              const at = path.slice(0, -1);
              // A variant that changes nothing of the image's block yet writes the maps above it first.
              const missing = nodeIn(docOf(t), at) === undefined;
              return setValues(t, at, values) ?? (missing ? setDeep(t, at, values) : undefined);
            })
          }
        />
      )}
    </div>
  );
}

/** A nested object or a list: a fieldset named like a field. */
function Group({
  label,
  name,
  help,
  onUseBase,
  children,
}: {
  label: string;
  name: string;
  help: ReactNode;
  /** The variant writes this map or list: the button that removes the override. */
  onUseBase?: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset id={id} tabIndex={-1}>
      <legend>
        {label} <code>{name}</code>
      </legend>
      {onUseBase && (
        <UseBase
          label={label}
          onUse={() => {
            onUseBase();
            document.getElementById(id)?.focus();
          }}
        />
      )}
      {help}
      {children}
    </fieldset>
  );
}

function List({
  name,
  label,
  schema,
  value,
  path,
  edit,
  help,
  base,
}: {
  name: string;
  label: string;
  schema: JsonSchema;
  value: unknown;
  path: YamlPath;
  edit: Edit;
  help: ReactNode;
  base?: Base;
}) {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items!;
  const add = () =>
    edit((text) =>
      Array.isArray(value)
        ? addItem(text, path, emptyValue(itemSchema))
        : setDeep(text, path, [emptyValue(itemSchema)]),
    );
  const inherited = base && value === undefined && Array.isArray(base.value) ? base.value : undefined;
  return (
    <Group
      label={label}
      name={name}
      help={help}
      onUseBase={
        base && value !== undefined ? () => edit((text) => removeOverride(text, path, base.root)) : undefined
      }
    >
      {inherited && (
        <p className="inherited">
          {inherited.length === 0
            ? 'Na página base, a lista está vazia.'
            : `Na página base: ${inherited.length === 1 ? '1 item' : `${inherited.length} itens`}${listSummary(inherited)}.`}{' '}
          Uma lista escrita aqui troca a da página base inteira.
        </p>
      )}
      {items.map((item, i) => (
        <div className="item" key={i}>
          <div className="item-bar" role="group" aria-label={`${label}: item ${i + 1}`}>
            Item {i + 1}
            <Button
              onClick={() => edit((t) => swapWithNext(t, path, i - 1))}
              disabled={i === 0}
              aria-label={`Subir o item ${i + 1}`}
            >
              ↑
            </Button>
            <Button
              onClick={() => edit((t) => swapWithNext(t, path, i))}
              disabled={i === items.length - 1}
              aria-label={`Descer o item ${i + 1}`}
            >
              ↓
            </Button>
            <Button
              tone="danger"
              onClick={() => edit((t) => removeItem(t, path, i))}
              aria-label={`Remover o item ${i + 1}`}
            >
              Remover
            </Button>
          </div>
          {typeOf(itemSchema) === 'object' && itemSchema.properties ? (
            <Fields schema={itemSchema} value={item} path={[...path, i]} edit={edit} />
          ) : (
            <ListText value={item} path={[...path, i]} label={`${label}, item ${i + 1}`} edit={edit} />
          )}
        </div>
      ))}
      <Button onClick={add}>Adicionar item</Button>
    </Group>
  );
}

/** A text item of a list of texts (a legal clause's paragraphs), replaced in place. */
function ListText({
  value,
  path,
  label,
  edit,
}: {
  value: unknown;
  path: YamlPath;
  label: string;
  edit: Edit;
}) {
  const text = typeof value === 'string' ? value : String(value ?? '');
  const index = path[path.length - 1] as number;
  return (
    <textarea
      aria-label={label}
      value={text}
      onChange={(e) => edit((t) => setListItem(t, path.slice(0, -1), index, e.target.value))}
    />
  );
}

/** ": Sobre, Tecnologia e Experiência": the first text of each item, when the items have one. */
function listSummary(items: unknown[]): string {
  const texts = items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (typeof item !== 'object' || item === null) return [];
    const first = Object.values(item as Record<string, unknown>).find((v) => typeof v === 'string');
    return typeof first === 'string' ? [first] : [];
  });
  if (texts.length !== items.length || texts.some((t) => t.length > 40)) return '';
  return `: ${texts.length === 1 ? texts[0] : `${texts.slice(0, -1).join(', ')} e ${texts.at(-1)!}`}`;
}

function Fields({
  schema,
  value,
  path,
  edit,
  base,
}: {
  schema: JsonSchema;
  value: unknown;
  path: YamlPath;
  edit: Edit;
  base?: Base;
}) {
  const data = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const required = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {}).filter(([key]) => key !== 'type');
  const isImageObject = 'src' in (schema.properties ?? {}) && 'width' in (schema.properties ?? {});
  return (
    <>
      {props.map(([key, prop]) => (
        <Field
          key={key}
          name={key}
          schema={prop}
          value={data[key]}
          path={[...path, key]}
          required={required.has(key)}
          edit={edit}
          base={baseOf(base, key)}
          {...(isImageObject && key === 'src' ? { image: { schema, value: data } } : {})}
        />
      ))}
    </>
  );
}

export function BlockForm({
  title,
  intro,
  schema,
  value,
  path,
  edit,
  inherited,
}: {
  title: string;
  intro: string;
  schema: JsonSchema;
  value: unknown;
  path: YamlPath;
  edit: Edit;
  /**
   * A variant's `change:` entry (`path`): the block as the base page gives it (undefined until
   * known). Its values become placeholders, and a field the variant writes can go back to it.
   */
  inherited?: { value: unknown };
}) {
  return (
    <section css={formCss} aria-label="Formulário do bloco">
      <h2>{title}</h2>
      <p className="intro">{intro}</p>
      <Fields
        schema={schema}
        value={value}
        path={path}
        edit={edit}
        base={inherited && { value: inherited.value, root: path.length }}
      />
    </section>
  );
}
