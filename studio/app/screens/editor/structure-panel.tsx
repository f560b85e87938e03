/**
 * "Estrutura": the page's blocks in order, with their Portuguese titles. Drag a row, or press
 * Alt+↑ / Alt+↓ on it, to move a block (announced in Portuguese to screen readers); "Duplicar"
 * and "Excluir" are one click. Every action is one text edit through the form's path (the
 * source, the preview and Ctrl+Z stay one): in a page the block's lines move with their
 * comments; in a variant the panel writes `move:`, `remove:` and `insertAfter:` entries
 * (studio/app/screens/editor/structure-plan.ts, docs/decisions/0025-variant-move.md).
 */
import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import { api } from '../../shared/api-client.ts';
import type { Edit } from './form/block-form.tsx';
import { blockSchemas } from './form/block-schemas.ts';
import {
  ambiguousNames,
  copyId,
  deleteEdit,
  duplicateEdit,
  isVariantText,
  moveEdit,
  pageRows,
  variantRows,
  withChange,
  type StructureRow,
} from './structure-plan.ts';
import { Button } from '../../shared/ui.tsx';
import { valueAt, type YamlPath } from '../../../yaml-paths.ts';

export interface RenderedBlockInfo {
  type: string;
  id?: string;
  file: string;
  path: YamlPath;
}

const panelCss = css`
  display: grid;
  grid-template-rows: auto minmax(0, 1fr) auto;
  min-height: 0;
  font-family: ${fonts.body};
  .intro {
    margin: 0;
    padding: 10px 14px;
    color: ${colors.muted};
    font-size: 14px;
    border-bottom: 1px solid ${colors.line};
  }
  .intro strong {
    color: ${colors.navy};
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 8px;
    overflow: auto;
    display: grid;
    gap: 6px;
    align-content: start;
  }
  li {
    display: grid;
    grid-template-columns: auto auto minmax(0, 1fr) auto;
    align-items: center;
    gap: 8px;
    padding: 6px 8px 6px 6px;
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
    background: ${colors.white};
    position: relative;
  }
  li:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
  }
  li[data-changed='new'] {
    border-color: ${colors.water};
    background: ${colors.waterLight};
    box-shadow: inset 4px 0 0 ${colors.waterDark};
  }
  li[data-dragging='true'] {
    opacity: 0.5;
  }
  li[data-drop='before']::before,
  li[data-drop='after']::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    height: 3px;
    border-radius: 2px;
    background: ${colors.orange};
  }
  li[data-drop='before']::before {
    top: -5px;
  }
  li[data-drop='after']::after {
    bottom: -5px;
  }
  .handle {
    cursor: grab;
    color: ${colors.muted};
    font-size: 18px;
    line-height: 1;
    padding: 4px 2px;
    user-select: none;
  }
  .position {
    min-width: 1.8em;
    text-align: center;
    font: 700 13px/1 ${fonts.display};
    color: ${colors.navy};
    background: ${colors.waterLight};
    border-radius: ${radii.pill};
    padding: 4px 6px;
  }
  .name {
    min-width: 0;
  }
  .title {
    display: block;
    font: 600 14px/1.3 ${fonts.display};
    color: ${colors.navy};
    overflow-wrap: anywhere;
  }
  .meta {
    display: block;
    font-size: 12px;
    color: ${colors.muted};
    overflow-wrap: anywhere;
  }
  .actions {
    display: flex;
    gap: 4px;
    flex-wrap: wrap;
    justify-content: flex-end;
  }
  .actions button {
    min-height: 32px;
    padding: 6px 10px;
    font-size: 13px;
  }
  .actions button.step {
    min-width: 32px;
    padding: 6px;
  }
  /* A finger (a tablet, a phone): targets of 44 px. */
  @media (pointer: coarse) {
    .actions button {
      min-height: 44px;
    }
    .actions button.step {
      min-width: 44px;
    }
  }
  .actions button:disabled {
    opacity: 0.35;
    cursor: default;
  }
  /* A narrow column: the actions go under the name. */
  @media (max-width: 520px) {
    li {
      grid-template-columns: auto auto minmax(0, 1fr);
    }
    .actions {
      grid-column: 1 / -1;
      justify-content: flex-start;
    }
  }
  .status {
    margin: 0;
    padding: 8px 14px;
    border-top: 1px solid ${colors.line};
    font-size: 14px;
    color: ${colors.navy};
    background: ${colors.waterLight};
    display: flex;
    gap: 8px;
    align-items: center;
    flex-wrap: wrap;
  }
  .status[data-tone='error'] {
    color: ${colors.orangeHover};
    background: ${colors.white};
  }
  /* Stacked editor (a tablet, a phone): the source pane is short, so the panel scrolls as a
     whole and the last action's line stays in sight at its bottom. */
  @media (max-width: 900px) {
    display: block;
    overflow: auto;
    .intro {
      font-size: 13px;
      padding: 8px 10px;
    }
    ol {
      overflow: visible;
      padding: 6px;
    }
    .status {
      position: sticky;
      bottom: 0;
      padding: 6px 10px;
    }
  }
`;

const titleOf = (type: string) => (blockSchemas.get(type) as { title?: string } | undefined)?.title ?? type;
/** A row's name for screen readers: the title, and the id that tells two blocks of a type apart. */
const labelOf = (row: StructureRow) => `${titleOf(row.type)}${row.id ? ` (#${row.id})` : ''}`;

export function StructurePanel({
  file,
  text,
  blocks,
  stale,
  edit,
  undo,
  onSelect,
}: {
  file: string;
  /** The page's current text. */
  text: string;
  /** The blocks of the last good preview, with where each was written. */
  blocks: readonly RenderedBlockInfo[];
  /** The preview is out of date (the page has problems). */
  stale: boolean;
  edit: Edit;
  undo: () => void;
  onSelect: (index: number) => void;
}) {
  const variant = isVariantText(text);
  // A page's blocks come from its text (always current); a variant's from the loader's render.
  const rows = useMemo(
    () => (variant ? variantRows(blocks, file) : pageRows(text, file)),
    [variant, blocks, text, file],
  );
  const ambiguous = useMemo(() => (variant ? ambiguousNames(rows) : []), [variant, rows]);
  // The inherited blocks this variant changes (its `change:` entries), by name.
  const changed = useMemo(() => (variant ? changedNames(text) : new Set<string>()), [variant, text]);
  // The block that just got its `change:` entry from outside the panel ("Mudar este bloco nesta
  // variante" over the preview, a text typed on the page): said in the status line, marked in the
  // list and focused, so the click is seen to have done something and where.
  const [justChanged, setJustChanged] = useState<string>();
  const knownChanges = useRef<ReadonlySet<string> | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; text: string; undo?: boolean }>();
  const [dragging, setDragging] = useState<number>();
  const [drop, setDrop] = useState<{ index: number; side: 'before' | 'after' }>();
  // A variant's list is the loader's: after an edit it is out of date until the next preview.
  const [waiting, setWaiting] = useState(false);
  const waitingFor = useRef<readonly RenderedBlockInfo[] | undefined>(undefined);
  useEffect(() => {
    if (waitingFor.current && waitingFor.current !== blocks) {
      waitingFor.current = undefined;
      setWaiting(false);
    }
  }, [blocks]);
  useEffect(() => {
    if (!waiting) return;
    // A preview that failed leaves the list as it was: stop waiting after a while anyway.
    const timer = window.setTimeout(() => setWaiting(false), 10_000);
    return () => window.clearTimeout(timer);
  }, [waiting]);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const before = knownChanges.current;
    knownChanges.current = changed;
    if (!before) return;
    const added = [...changed].filter((name) => !before.has(name));
    const row = added.length === 1 ? rows.find((r) => r.name === added[0]) : undefined;
    if (!row) return;
    const message = `O bloco ${titleOf(row.type)} agora muda só nesta variante (change: ${row.name}). Edite os textos dele clicando na prévia ou na aba Formulário do bloco.`;
    setJustChanged(row.name);
    setStatus({ tone: 'info', text: message });
    setAnnouncement(message);
    const element = [...(list.current?.children ?? [])].find(
      (li) => (li as HTMLElement).dataset.name === row.name,
    ) as HTMLElement | undefined;
    element?.scrollIntoView({ block: 'nearest' });
    // The button that did it is gone (focus fell to the page): the block takes the focus. Never
    // taken from where the author is typing (a text on the page, the code).
    const active = document.activeElement;
    if (!active || active === document.body) element?.focus({ preventScroll: true });
  }, [changed, rows]);
  // The row to focus once the list shows the edit (the moved block, the copy, the next one): the
  // row at that place, once it is the block expected there.
  const focusTarget = useRef<{ index: number; name: string } | undefined>(undefined);
  useEffect(() => {
    const target = focusTarget.current;
    if (!target || waiting) return;
    const row = list.current?.children[target.index] as HTMLElement | undefined;
    if (row?.dataset.name !== target.name) return;
    row.focus();
    focusTarget.current = undefined;
  }, [waiting, rows]);

  const blocked = (): string | undefined => {
    if (!variant) return undefined;
    if (stale)
      return 'Corrija os problemas da página antes de mudar os blocos: a lista mostra a última versão boa.';
    if (waiting) return 'Aguarde a prévia da última mudança.';
    if (ambiguous.length > 0)
      return `Numa variante, cada bloco é chamado pelo id: dê um id aos blocos "${ambiguous.join('", "')}" na página base.`;
    return undefined;
  };
  const apply = (make: Parameters<Edit>[0]) => {
    if (variant) {
      waitingFor.current = blocks;
      setWaiting(true);
    }
    edit(make);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    const reason = blocked();
    if (reason) {
      setStatus({ tone: 'error', text: reason });
      return;
    }
    apply(moveEdit(text, rows, from, to));
    const message = `Bloco ${titleOf(rows[from]!.type)} movido para a posição ${to + 1} de ${rows.length}.`;
    setAnnouncement(message);
    setStatus({ tone: 'info', text: message });
    focusTarget.current = { index: to, name: rows[from]!.name };
  };

  const remove = (index: number) => {
    const reason = blocked();
    if (reason) {
      setStatus({ tone: 'error', text: reason });
      return;
    }
    const row = rows[index]!;
    apply(deleteEdit(text, rows, index, file));
    const message = `Bloco ${titleOf(row.type)} excluído.`;
    setAnnouncement(`${message} Ctrl+Z no código, ou o botão Desfazer, traz o bloco de volta.`);
    setStatus({ tone: 'info', text: message, undo: true });
    const next = index < rows.length - 1 ? index + 1 : index - 1;
    if (next >= 0) focusTarget.current = { index: Math.min(index, rows.length - 2), name: rows[next]!.name };
  };

  const duplicate = async (index: number) => {
    const reason = blocked();
    if (reason) {
      setStatus({ tone: 'error', text: reason });
      return;
    }
    const row = rows[index]!;
    let data: Record<string, unknown> | undefined;
    if (variant && row.file !== file) {
      // An inherited block is copied whole: the base's block with this variant's change applied.
      try {
        const base = await api.page(row.file);
        data = withChange(
          valueAt(base.source, row.path),
          valueAt(text, ['change', row.name]) ?? {},
        ) as Record<string, unknown>;
      } catch {
        setStatus({ tone: 'error', text: `Não consegui ler ${row.file} para copiar o bloco.` });
        return;
      }
    } else if (variant && row.path[0] === 'replace') {
      data = valueAt(text, row.path) as Record<string, unknown>;
    }
    const make = duplicateEdit(text, rows, index, file, data);
    if (!make) return;
    apply(make);
    const message = `Bloco ${titleOf(row.type)} duplicado: a cópia está na posição ${index + 2} de ${rows.length + 1}.`;
    setAnnouncement(message);
    setStatus({ tone: 'info', text: message });
    focusTarget.current = { index: index + 1, name: variant || row.id ? copyId(row, rows) : row.name };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
    } else if (!event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      // Arrow keys alone go from row to row.
      event.preventDefault();
      const next = list.current?.children[index + (event.key === 'ArrowUp' ? -1 : 1)] as
        HTMLElement | undefined;
      next?.focus();
    } else if (event.key === 'Enter') onSelect(index);
  };

  const dropSide = (event: DragEvent<HTMLLIElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
  };

  return (
    <section css={panelCss} aria-labelledby="estrutura-titulo">
      <p className="intro" id="estrutura-ajuda">
        <strong id="estrutura-titulo">Blocos da página, de cima para baixo.</strong> Arraste um bloco para
        mudá-lo de lugar, use ↑ e ↓ ao lado dele, ou selecione-o e use Alt+↑ e Alt+↓.
        {variant && ' Numa variante, a nova ordem é escrita em move:, sem mudar a página base.'}
      </p>
      {rows.length === 0 ? (
        <p className="intro">Esta página ainda não tem blocos.</p>
      ) : (
        <ol ref={list} aria-label="Blocos da página" aria-describedby="estrutura-ajuda" aria-busy={waiting}>
          {rows.map((row, index) => (
            <li
              key={rowKey(rows, index)}
              tabIndex={0}
              draggable
              data-name={row.name}
              data-dragging={dragging === index}
              data-changed={justChanged === row.name ? 'new' : changed.has(row.name) || undefined}
              data-drop={drop?.index === index ? drop.side : undefined}
              aria-label={`${labelOf(row)}, posição ${index + 1} de ${rows.length}`}
              onKeyDown={(event) => onKeyDown(event, index)}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', row.name);
                setDragging(index);
              }}
              onDragEnd={() => {
                setDragging(undefined);
                setDrop(undefined);
              }}
              onDragOver={(event) => {
                if (dragging === undefined) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                const side = dropSide(event);
                setDrop((d) => (d?.index === index && d.side === side ? d : { index, side }));
              }}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDrop(undefined);
              }}
              onDrop={(event) => {
                event.preventDefault();
                const from = dragging;
                setDragging(undefined);
                setDrop(undefined);
                if (from === undefined) return;
                const side = dropSide(event);
                // The place among the other blocks: before or after this row, counted without the moved one.
                let to = side === 'before' ? index : index + 1;
                if (from < to) to -= 1;
                move(from, to);
              }}
            >
              <span className="handle" aria-hidden="true" title="Arraste para mudar de lugar">
                ⠿
              </span>
              <span className="position" aria-hidden="true">
                {index + 1}
              </span>
              <span className="name">
                <span className="title">{titleOf(row.type)}</span>
                <span className="meta">
                  {row.type}
                  {row.id ? ` · #${row.id}` : ''}
                  {variant
                    ? row.file === file
                      ? ' · desta variante'
                      : ` · herdado de ${row.file.replace(/^pages\//, '').replace(/\.yaml$/, '')}${changed.has(row.name) ? ', com mudanças nesta variante' : ''}`
                    : ''}
                </span>
              </span>
              <span className="actions">
                {/* Without a keyboard or a mouse to drag with (a tablet): one place up or down. */}
                <Button
                  tone="quiet"
                  className="step"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Subir ${labelOf(row)}`}
                  title="Subir"
                >
                  ↑
                </Button>
                <Button
                  tone="quiet"
                  className="step"
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Descer ${labelOf(row)}`}
                  title="Descer"
                >
                  ↓
                </Button>
                <Button
                  tone="quiet"
                  onClick={() => onSelect(index)}
                  aria-label={`Ver ${labelOf(row)} na prévia`}
                >
                  Ver
                </Button>
                <Button onClick={() => void duplicate(index)} aria-label={`Duplicar ${labelOf(row)}`}>
                  Duplicar
                </Button>
                <Button tone="danger" onClick={() => remove(index)} aria-label={`Excluir ${labelOf(row)}`}>
                  Excluir
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="visually-hidden" aria-live="polite" data-structure-announcement>
        {announcement}
      </div>
      {status && (
        <p className="status" data-tone={status.tone}>
          <span>{status.text}</span>
          {status.undo && (
            <Button
              onClick={() => {
                undo();
                setStatus(undefined);
                setAnnouncement('Exclusão desfeita.');
              }}
            >
              Desfazer
            </Button>
          )}
        </p>
      )}
    </section>
  );
}

/** The names under a variant's `change:`: the inherited blocks it changes. */
function changedNames(text: string): Set<string> {
  try {
    const change = valueAt(text, ['change']);
    return new Set(change && typeof change === 'object' && !Array.isArray(change) ? Object.keys(change) : []);
  } catch {
    return new Set();
  }
}

/** A row's React key: its name and which occurrence of that name it is. */
function rowKey(rows: readonly StructureRow[], index: number): string {
  const name = rows[index]!.name;
  const nth = rows.slice(0, index).filter((r) => r.name === name).length;
  return `${name}#${nth}`;
}
