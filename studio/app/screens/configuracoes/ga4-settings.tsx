/**
 * Configurações → Google Analytics: the GA4 property id and the service account's key (a .json
 * file chosen or its text pasted), kept by the server outside the repository; Salvar, Testar
 * conexão (the server's answer in words), Remover. The key is sent once and never shown again:
 * the screen knows only the account's e-mail, the one to give Viewer access to in GA4.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii, shadows } from '../../../../design/theme.ts';
import { actionsCss, Button, Dialog } from '../../shared/ui.tsx';
import { failureWords, ga4, type Ga4Status } from '../../shared/ga4-client.ts';

const sectionCss = css`
  background: ${colors.white};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  padding: 20px;
  margin-top: 24px;
  h2 {
    font-size: 1.25rem;
    margin-bottom: 8px;
  }
  form {
    box-shadow: none;
    padding: 0;
  }
  code {
    overflow-wrap: anywhere;
  }
  .account {
    border: 1px solid ${colors.line};
    background: ${colors.surfaceAlt};
    border-radius: ${radii.sm};
    padding: 10px 14px;
    margin: 12px 0;
    p {
      margin: 0 0 6px;
    }
  }
  .answer {
    border-radius: ${radii.sm};
    padding: 10px 14px;
    margin: 12px 0 0;
    overflow-wrap: anywhere;
  }
  .answer[data-tone='ok'] {
    border: 1px solid ${colors.waterDark};
    background: ${colors.waterLight};
  }
  .answer[data-tone='error'] {
    border: 1px solid ${colors.orange};
    background: ${colors.orangeLight};
    color: ${colors.orangeHover};
  }
  summary {
    cursor: pointer;
    font: 600 14px/1.6 ${fonts.display};
    color: ${colors.navy};
  }
  ol {
    padding-left: 22px;
  }
  ol li + li {
    margin-top: 6px;
  }
  textarea {
    font:
      13px/1.4 ui-monospace,
      monospace;
  }
  /* The screen's inputs are 100% wide: the hidden file input stays one pixel. */
  input.visually-hidden {
    width: 1px;
    padding: 0;
    border: 0;
  }
`;

const when = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : at.toLocaleString('pt-BR', {
        timeZone: 'America/Sao_Paulo',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
};

/** The key's account, read in the browser to say which file was chosen (the server checks it). */
function accountOf(text: string): string | undefined {
  try {
    const data = JSON.parse(text) as { client_email?: unknown };
    return typeof data.client_email === 'string' ? data.client_email : undefined;
  } catch {
    return undefined;
  }
}

type Answer = { tone: 'ok' | 'error'; text: string };

export function Ga4Settings() {
  const [status, setStatus] = useState<Ga4Status>();
  const [loadError, setLoadError] = useState<string>();
  const [propertyId, setPropertyId] = useState('');
  const [key, setKey] = useState('');
  const [keyName, setKeyName] = useState<string>();
  const [busy, setBusy] = useState<'save' | 'test' | 'remove'>();
  const [answer, setAnswer] = useState<Answer>();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const id = useId();

  const show = (next: Ga4Status) => {
    setStatus(next);
    setPropertyId(next.propertyId ?? '');
  };
  useEffect(() => {
    ga4.status().then(show, (e: unknown) => setLoadError(failureWords(e)));
  }, []);

  const connected = status?.connected ?? false;
  const changed = key.trim() !== '' || propertyId.trim() !== (status?.propertyId ?? '');
  const chosenAccount = key.trim() === '' ? undefined : accountOf(key);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('save');
    setAnswer(undefined);
    try {
      const next = await ga4.save({
        propertyId: propertyId.trim(),
        ...(key.trim() === '' ? {} : { key: key.trim() }),
      });
      show(next);
      // The key leaves the page once the server has it.
      setKey('');
      setKeyName(undefined);
      setAnswer({
        tone: 'ok',
        text: 'Salvo. Dê acesso de Leitor ao e-mail da conta (acima) no Google Analytics e clique em Testar conexão.',
      });
    } catch (e) {
      setAnswer({ tone: 'error', text: failureWords(e) });
    } finally {
      setBusy(undefined);
    }
  };
  const test = async () => {
    setBusy('test');
    setAnswer(undefined);
    try {
      setAnswer({ tone: 'ok', text: (await ga4.test()).message });
    } catch (e) {
      setAnswer({ tone: 'error', text: failureWords(e) });
    } finally {
      setBusy(undefined);
    }
  };
  const remove = async () => {
    setConfirming(false);
    setBusy('remove');
    setAnswer(undefined);
    try {
      show(await ga4.remove());
      setAnswer({
        tone: 'ok',
        text: 'Conexão removida: a chave foi apagada deste Estúdio. Os resultados voltam a ser lidos de uma exportação.',
      });
    } catch (e) {
      setAnswer({ tone: 'error', text: failureWords(e) });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section css={sectionCss} aria-labelledby={`${id}-titulo`} data-ga4>
      <h2 id={`${id}-titulo`}>Google Analytics</h2>
      <p css={{ marginTop: 0 }}>
        Conecte uma vez e os números dos experimentos chegam sozinhos em Resultados, sem exportar arquivo. A
        chave da conta de serviço fica guardada só no Estúdio, fora do repositório, e nunca volta para a tela.
      </p>
      {loadError && (
        <p className="answer" data-tone="error" role="alert">
          {loadError}
        </p>
      )}
      {status && (
        <div className="account" role="status" data-ga4-status={connected ? 'conectado' : 'desconectado'}>
          {connected ? (
            <>
              <p>
                <strong>Conectado</strong> à propriedade {status.propertyId}
                {status.updatedAt ? ` (salvo em ${when(status.updatedAt)})` : ''}.
              </p>
              {status.clientEmail && (
                <>
                  <p>
                    No Google Analytics, dê acesso de <strong>Leitor</strong> a este e-mail (Administrador →
                    Gerenciamento de acesso à propriedade):
                  </p>
                  <p css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
                    <code data-client-email>{status.clientEmail}</code>
                    <Button
                      tone="quiet"
                      onClick={() => {
                        void navigator.clipboard?.writeText(status.clientEmail!).then(() => setCopied(true));
                      }}
                    >
                      {copied ? 'Copiado' : 'Copiar o e-mail'}
                    </Button>
                  </p>
                </>
              )}
            </>
          ) : (
            <p>
              <strong>Não conectado.</strong> Os resultados são lidos de uma exportação (CSV) solta na tela do
              experimento.
            </p>
          )}
        </div>
      )}
      {status && (
        <form onSubmit={(event) => void save(event)}>
          <div className="field">
            <label htmlFor={`${id}-propriedade`}>ID da propriedade do GA4</label>
            <input
              id={`${id}-propriedade`}
              name="propertyId"
              inputMode="numeric"
              autoComplete="off"
              value={propertyId}
              onChange={(e) => setPropertyId(e.target.value)}
              aria-describedby={`${id}-propriedade-ajuda`}
            />
            <small id={`${id}-propriedade-ajuda`}>
              Só números, por exemplo 123456789: no Google Analytics, Administrador → Detalhes da propriedade,
              no alto à direita. Não é o “G-…” do site.
            </small>
          </div>
          <div className="field">
            <label htmlFor={`${id}-chave-arquivo`}>Chave da conta de serviço (arquivo .json)</label>
            <input
              ref={file}
              id={`${id}-chave-arquivo`}
              type="file"
              accept=".json,application/json"
              className="visually-hidden"
              tabIndex={-1}
              aria-describedby={`${id}-chave-ajuda`}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                e.target.value = '';
                if (!chosen) return;
                if (chosen.size > 64 * 1024) {
                  setAnswer({
                    tone: 'error',
                    text: `O arquivo ${chosen.name} é grande demais para ser uma chave (ela tem uns 2 KB).`,
                  });
                  return;
                }
                void chosen.text().then((text) => {
                  setKey(text);
                  setKeyName(chosen.name);
                  setAnswer(undefined);
                });
              }}
            />
            <Button
              css={{ justifySelf: 'start' }}
              onClick={() => file.current?.click()}
              aria-describedby={`${id}-chave-ajuda`}
            >
              Escolher o arquivo da chave…
            </Button>
            <small id={`${id}-chave-ajuda`}>
              {keyName
                ? `Escolhido: ${keyName}${chosenAccount ? `, da conta ${chosenAccount}` : ''}. Salve para guardar.`
                : connected
                  ? 'Uma chave já está guardada. Escolha outro arquivo só para trocá-la.'
                  : 'O arquivo que o Google Cloud baixa ao criar a chave (JSON).'}
            </small>
            <details>
              <summary>Ou cole o conteúdo da chave</summary>
              <label htmlFor={`${id}-chave-texto`} className="visually-hidden">
                Conteúdo da chave (JSON)
              </label>
              <textarea
                id={`${id}-chave-texto`}
                rows={4}
                spellCheck={false}
                autoComplete="off"
                value={keyName ? '' : key}
                placeholder='{"type": "service_account", …}'
                onChange={(e) => {
                  setKeyName(undefined);
                  setKey(e.target.value);
                }}
              />
            </details>
          </div>
          <div css={[actionsCss, { justifyContent: 'flex-start' }]}>
            <Button
              type="submit"
              tone="primary"
              disabled={busy !== undefined || !changed || propertyId.trim() === ''}
            >
              {busy === 'save' ? 'Salvando…' : 'Salvar conexão'}
            </Button>
            <Button onClick={() => void test()} disabled={busy !== undefined || !connected || changed}>
              {busy === 'test' ? 'Testando…' : 'Testar conexão'}
            </Button>
            <Button
              tone="danger"
              onClick={() => setConfirming(true)}
              disabled={busy !== undefined || !connected}
            >
              Remover
            </Button>
          </div>
          {connected && changed && (
            <p className="muted" css={{ margin: '8px 0 0' }}>
              Salve antes de testar a conexão.
            </p>
          )}
          {answer && (
            <p
              className="answer"
              data-tone={answer.tone}
              role={answer.tone === 'error' ? 'alert' : 'status'}
              data-ga4-answer={answer.tone}
            >
              {answer.text}
            </p>
          )}
        </form>
      )}
      <details css={{ marginTop: 16 }}>
        <summary>Como conectar, passo a passo</summary>
        <ol>
          <li>
            No <strong>Google Cloud Console</strong> (console.cloud.google.com), crie um projeto (ou use um
            que já exista).
          </li>
          <li>
            Em <strong>APIs e serviços → Biblioteca</strong>, procure <em>Google Analytics Data API</em> e
            clique em <strong>Ativar</strong>.
          </li>
          <li>
            Em <strong>IAM e administrador → Contas de serviço</strong>, crie uma conta (nenhum papel é
            preciso). Nela, <strong>Chaves → Adicionar chave → Criar nova chave → JSON</strong>: o arquivo é
            baixado. Guarde-o como uma senha.
          </li>
          <li>
            No <strong>Google Analytics</strong>, em{' '}
            <strong>Administrador → Gerenciamento de acesso à propriedade</strong>, clique em{' '}
            <strong>+</strong>, adicione o e-mail da conta de serviço (o “client_email” do arquivo) com o
            papel <strong>Leitor</strong>, sem notificar.
          </li>
          <li>
            Em <strong>Administrador → Detalhes da propriedade</strong>, copie o{' '}
            <strong>ID da propriedade</strong> (só números).
          </li>
          <li>
            Em <strong>Administrador → Definições personalizadas</strong>, crie a dimensão{' '}
            <em>Variante do experimento</em>, escopo Evento, parâmetro <code>exp_variant_string</code> (uma
            vez só, antes do primeiro teste).
          </li>
          <li>
            Aqui, informe o ID, escolha o arquivo, <strong>Salvar conexão</strong> e{' '}
            <strong>Testar conexão</strong>.
          </li>
        </ol>
        <p className="muted">
          O guia de autoria (docs/autoria.md, seção 8, “Conectar o Google Analytics”) tem cada passo com mais
          detalhes e o que fazer quando o teste acusa um problema.
        </p>
      </details>
      {confirming && (
        <Dialog title="Remover a conexão com o Google Analytics?" onClose={() => setConfirming(false)}>
          <p>
            A chave é apagada deste Estúdio e os resultados voltam a ser lidos de uma exportação. Para
            desligar a chave de vez, exclua-a também no Google Cloud Console.
          </p>
          <div css={actionsCss}>
            <Button onClick={() => setConfirming(false)}>Cancelar</Button>
            <Button tone="danger" onClick={() => void remove()}>
              Remover
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
