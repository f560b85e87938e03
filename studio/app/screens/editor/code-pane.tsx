/**
 * The code's pane: CodeMirror's view of the page's YAML, loaded when the author first shows the
 * code (the editor opens on the page, and most openings never show it). While the view's chunk
 * comes, the pane holds a quiet placeholder of its own size, said to a screen reader as the code
 * being opened; if the chunk does not come, the pane says so and offers to reload (the draft is
 * kept in the browser). The document itself never waits: code-document.ts holds it until then.
 */
import { useEffect, useState } from 'react';
import { css, keyframes } from '@emotion/react';
import { colors } from '../../../../design/theme.ts';
import { Button, Message } from '../../shared/ui.tsx';
import type { CodeDocument } from './code-document.ts';
import type * as SourceEditorModule from './source-editor.tsx';

type CodeViewModule = typeof SourceEditorModule;
let loading: Promise<CodeViewModule> | undefined;

/** Starts bringing the code view's chunk (once per page load): on showing the code, or a moment before. */
export function loadCodeView(): Promise<CodeViewModule> {
  if (!loading) {
    loading = import('./source-editor.tsx');
    // A failed load is asked again the next time (a reload is offered meanwhile).
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

const appear = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;
const placeholderCss = css`
  height: 100%;
  min-height: 0;
  padding: 12px 16px;
  color: ${colors.muted};
  font-size: 14px;
  /* Said at once to a screen reader; shown only if the code takes a while (no flash). */
  .opening {
    margin: 0;
    opacity: 0;
    animation: ${appear} 200ms ease-out 400ms forwards;
  }
`;

export function CodePane({
  document: doc,
  shown,
  accepted,
}: {
  document: CodeDocument;
  shown: boolean;
  accepted: (text: string) => boolean | Promise<boolean>;
}) {
  const [wanted, setWanted] = useState(shown);
  if (shown && !wanted) setWanted(true);
  const [view, setView] = useState<CodeViewModule>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || view) return;
    let live = true;
    loadCodeView().then(
      (module) => live && setView(module),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, view]);

  if (view) return <view.SourceEditor document={doc} accepted={accepted} />;
  if (failed)
    return (
      <div css={[placeholderCss, { display: 'grid', gap: 12, alignContent: 'start', justifyItems: 'start' }]}>
        <Message tone="error">
          O código não pôde ser aberto: a conexão com o Estúdio caiu, ou ele foi atualizado. Recarregue para
          abri-lo (o que você editou fica guardado neste navegador).
        </Message>
        <Button onClick={() => location.reload()}>Recarregar</Button>
      </div>
    );
  return (
    <div css={placeholderCss} role="status" aria-busy="true" aria-label="Abrindo o código da página…">
      {wanted && <p className="opening">Abrindo o código da página…</p>}
    </div>
  );
}
