/**
 * The form of the block under the cursor, generated from its schema (schema/page.schema.json,
 * the editor's schema): text and long text, selects for enums, toggles, numbers, lists with add,
 * remove and reorder, nested objects (a call to action), and an image chooser over
 * public/images/ with uploads (image-picker.tsx). Every edit is a text edit of that node only
 * (yaml-edits.ts), applied to the source editor as one undoable step, so the source, the form
 * and the preview stay one.
 */
import { useId, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { sizeToWrite } from '../../image-rules.ts';
import { colors, fonts, radii } from '../../../design/theme.ts';
import { Button } from '../ui.tsx';
import { ImagePicker } from './image-picker.tsx';
import {
  addItem,
  removeItem,
  removeKey,
  setListItem,
  setValue,
  setValues,
  swapWithNext,
  type TextChange,
  type YamlPath,
} from './yaml-edits.ts';

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

function Field({
  name,
  schema,
  value,
  path,
  required,
  edit,
  image,
}: {
  name: string;
  schema: JsonSchema;
  value: unknown;
  path: YamlPath;
  required: boolean;
  edit: Edit;
  /** On the `src` of an image object: the object, for the chooser's edit of src, width and height. */
  image?: { schema: JsonSchema; value: Record<string, unknown> };
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
  const set = (next: unknown) => edit((text) => setValue(text, path, next));
  const clear = () => edit((text) => removeKey(text, path));
  const head = (
    <label htmlFor={id}>
      {label} <code>{name}</code>
      {required ? '' : ' (opcional)'}
    </label>
  );
  const help = hint ? (
    <span className="hint" id={`${id}-ajuda`}>
      {hint}
    </span>
  ) : null;
  const describedBy = hint ? `${id}-ajuda` : undefined;

  if (schema.const !== undefined) return null;
  if (kind === 'boolean') {
    return (
      <div className="check">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-describedby={describedBy}
          onChange={(e) => set(e.target.checked)}
        />
        {head}
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
              (padrão{schema.default !== undefined ? `: ${String(schema.default)}` : ''})
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
          placeholder={schema.default !== undefined ? String(schema.default) : undefined}
          aria-describedby={describedBy}
          onChange={(e) => (e.target.value === '' ? clear() : set(Number(e.target.value)))}
        />
        {help}
      </div>
    );
  }
  if (kind === 'object' && schema.properties) {
    return (
      <Group label={label} name={name} help={help}>
        <Fields schema={schema} value={value} path={path} edit={edit} />
      </Group>
    );
  }
  if (kind === 'array' && schema.items) {
    return (
      <List name={name} label={label} schema={schema} value={value} path={path} edit={edit} help={help} />
    );
  }
  // Text: long text in a text area.
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const long = text.length > 70 || text.includes('\n') || (schema.maxLength ?? 0) > 200;
  const onText = (next: string) => (next === '' && !required ? clear() : set(next));
  return (
    <div className="field">
      {head}
      {long ? (
        <textarea
          id={id}
          value={text}
          aria-describedby={describedBy}
          onChange={(e) => onText(e.target.value)}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={text}
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
            edit((t) =>
              setValues(t, path.slice(0, -1), {
                src: chosen.url,
                ...sizeToWrite(image.schema.properties ?? {}, image.value.width, chosen),
              }),
            )
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
  children,
}: {
  label: string;
  name: string;
  help: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend>
        {label} <code>{name}</code>
      </legend>
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
}: {
  name: string;
  label: string;
  schema: JsonSchema;
  value: unknown;
  path: YamlPath;
  edit: Edit;
  help: ReactNode;
}) {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items!;
  const add = () =>
    edit((text) =>
      Array.isArray(value)
        ? addItem(text, path, emptyValue(itemSchema))
        : setValue(text, path, [emptyValue(itemSchema)]),
    );
  return (
    <Group label={label} name={name} help={help}>
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

function Fields({
  schema,
  value,
  path,
  edit,
}: {
  schema: JsonSchema;
  value: unknown;
  path: YamlPath;
  edit: Edit;
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
}: {
  title: string;
  intro: string;
  schema: JsonSchema;
  value: unknown;
  path: YamlPath;
  edit: Edit;
}) {
  return (
    <section css={formCss} aria-label="Formulário do bloco">
      <h2>{title}</h2>
      <p className="intro">{intro}</p>
      <Fields schema={schema} value={value} path={path} edit={edit} />
    </section>
  );
}
