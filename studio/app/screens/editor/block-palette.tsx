/**
 * Adicionar bloco: the block types of the registry with their Portuguese title and description
 * and the example a new block starts from; choosing one writes that example into the page.
 */
import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import type { BlockInfo } from '../../../api.ts';
import { api } from '../../shared/api-client.ts';
import { actionsCss, Button, Dialog, fieldCss, Message } from '../../shared/ui.tsx';
import { withStyleNonce } from '../../shared/csp-nonce.ts';

const PLACEMENT: Record<BlockInfo['placement'], string> = {
  header: 'cabeçalho',
  main: 'conteúdo',
  footer: 'rodapé',
  overlay: 'sobre a página',
};

const gridCss = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 12px;
  max-height: 58vh;
  overflow: auto;
  padding: 2px;
  margin: 0 0 16px;
  list-style: none;
  button {
    all: unset;
    box-sizing: border-box;
    display: grid;
    gap: 6px;
    width: 100%;
    height: 100%;
    align-content: start;
    padding: 12px;
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
    cursor: pointer;
    background: ${colors.white};
  }
  button:hover {
    border-color: ${colors.water};
    background: ${colors.surfaceAlt};
  }
  button:focus-visible {
    outline: 3px solid ${colors.focus};
  }
  strong {
    font: 600 15px/1.3 ${fonts.display};
    color: ${colors.navy};
  }
  .meta {
    font-size: 12px;
    color: ${colors.muted};
  }
  pre {
    margin: 0;
    max-height: 96px;
    overflow: hidden;
    font:
      11px/1.4 ui-monospace,
      Menlo,
      monospace;
    color: ${colors.muted};
    background: ${colors.surfaceAlt};
    border-radius: 6px;
    padding: 6px;
  }
`;

/** A page of the block's example alone, rendered by the runtime like any preview (cached per type). */
const thumbnails = new Map<string, Promise<string | undefined>>();
function thumbnail(file: string, block: BlockInfo): Promise<string | undefined> {
  let html = thumbnails.get(block.type);
  if (!html) {
    const item = block.example
      .replace(/\n+$/, '')
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n');
    const source = `title: Prévia do bloco\ndescription: ${block.title}\nblocks:\n${item}\n`;
    html = api.preview(file, source).then(
      (answer) => (answer.ok ? answer.html : undefined),
      () => undefined,
    );
    thumbnails.set(block.type, html);
  }
  return html;
}

const thumbCss = css`
  position: relative;
  height: 150px;
  overflow: hidden;
  border-radius: 6px;
  background: ${colors.surfaceAlt};
  /* A 1280 × 600 desktop viewport at a quarter: fixed bars at its bottom stay in view. */
  iframe {
    width: 1280px;
    height: 600px;
    border: 0;
    transform: scale(0.25);
    transform-origin: 0 0;
    pointer-events: none;
  }
`;

/** The block drawn small: its example on a page of its own, in a frame that runs nothing. */
function Thumbnail({ file, block }: { file: string; block: BlockInfo }) {
  const [html, setHtml] = useState<string>();
  useEffect(() => {
    let live = true;
    void thumbnail(file, block).then((h) => live && setHtml(h));
    return () => {
      live = false;
    };
  }, [file, block]);
  return (
    <div css={thumbCss} aria-hidden="true">
      {html ? (
        <iframe title="" srcDoc={withStyleNonce(html)} sandbox="" tabIndex={-1} loading="lazy" />
      ) : null}
    </div>
  );
}

export function BlockPalette({
  file,
  onClose,
  onPick,
}: {
  /** The page being edited: the thumbnails are rendered as unsaved text of it, never saved. */
  file: string;
  onClose: () => void;
  onPick: (block: BlockInfo) => void;
}) {
  const [blocks, setBlocks] = useState<BlockInfo[]>();
  const [error, setError] = useState<string>();
  const [filter, setFilter] = useState('');
  useEffect(() => {
    api.blocks().then(
      (answer) => setBlocks(answer.blocks),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  const needle = filter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const shown = blocks?.filter((b) =>
    `${b.type} ${b.title} ${b.description}`
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .includes(needle),
  );
  return (
    <Dialog title="Adicionar bloco" onClose={onClose} wide>
      <p>
        O bloco entra depois do bloco em que o cursor está (ou no fim da página), já com um exemplo para
        editar.
      </p>
      <div css={fieldCss}>
        <label htmlFor="filtro-blocos">Procurar bloco</label>
        <input id="filtro-blocos" value={filter} onChange={(e) => setFilter(e.target.value)} autoFocus />
      </div>
      {error && <Message tone="error">{error}</Message>}
      {!blocks && !error && <Message tone="info">Carregando os blocos…</Message>}
      {shown && (
        <ul css={gridCss} aria-label="Tipos de bloco">
          {shown.map((block) => (
            <li key={block.type}>
              <button type="button" onClick={() => onPick(block)} data-type={block.type}>
                <strong>{block.title}</strong>
                <span className="meta">
                  {block.type} · {PLACEMENT[block.placement]}
                </span>
                <Thumbnail file={file} block={block} />
                <span>{block.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div css={actionsCss}>
        <Button onClick={onClose}>Fechar</Button>
      </div>
    </Dialog>
  );
}
