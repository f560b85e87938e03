/**
 * The file changed on disk since it was opened (another tab, another person, a git pull):
 * nothing was written. Both versions side by side; the author keeps theirs (saved over the
 * newer file, knowingly) or takes the one on disk into the editor to merge by hand.
 */
import { css } from '@emotion/react';
import { colors, radii } from '../../../../design/theme.ts';
import { actionsCss, Button, Dialog } from '../../shared/ui.tsx';

const sideCss = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  margin-bottom: 16px;
  label {
    font-weight: 600;
    color: ${colors.navy};
  }
  textarea {
    width: 100%;
    height: 50vh;
    height: 50dvh;
    font:
      13px/1.5 ui-monospace,
      Menlo,
      monospace;
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
    padding: 8px;
    resize: vertical;
  }
  /* A phone: one version under the other, each short enough that the buttons stay in sight. */
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
    textarea {
      height: 25dvh;
    }
  }
`;

export function ConflictDialog({
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
  onClose,
}: {
  mine: string;
  theirs: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title="Este arquivo mudou desde que você o abriu" onClose={onClose} wide>
      <p>
        Alguém (outra aba, outra pessoa ou uma atualização do repositório) salvou este arquivo depois que você
        o abriu. Nada foi gravado. Compare as duas versões e escolha: a sua substitui a do disco, ou a do
        disco vai para o editor para você juntar as duas à mão (Ctrl+Z no editor volta à sua).
      </p>
      <div css={sideCss}>
        <div>
          <label htmlFor="conflito-minha">A sua versão (no editor)</label>
          <textarea id="conflito-minha" readOnly value={mine} />
        </div>
        <div>
          <label htmlFor="conflito-disco">A versão salva no disco</label>
          <textarea id="conflito-disco" readOnly value={theirs} />
        </div>
      </div>
      <div css={actionsCss}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button onClick={onTakeTheirs}>Usar a versão do disco no editor</Button>
        <Button tone="primary" onClick={onKeepMine}>
          Salvar a minha por cima
        </Button>
      </div>
    </Dialog>
  );
}
