/**
 * Resultados: the experiment's numbers, pulled from Google Analytics when the Estúdio is connected
 * (Configurações), or from a GA4 export dropped on the page; the server judges them with the same
 * code as `npm run experiments -- report --json` (runtime/experiments/judge.ts) and this panel
 * shows per page the visitors, chats, rate with its 95% interval, chance to beat the original and
 * uplift (a table on a wide screen, one card per page on a phone); the split check (SRM), said
 * once; the progress toward the sample needed; the verdict in words; and three pictures
 * (charts.tsx). Then the last steps: end with a winner the marketer picks (on any day, with or
 * without numbers, warned when the numbers do not back the choice), bring it home.
 *
 * Pages are named by their address ("/agendamento-oferta", the report's `label`), never by the
 * string GA4 keeps for them.
 */
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import type { PublishAnswer } from '../../../api.ts';
import type { Report } from '../../../../runtime/experiments/index.ts';
import { api } from '../../shared/api-client.ts';
import { AskButton } from '../../shared/action-request.tsx';
import { requestsApi } from '../../shared/requests-client.ts';
import { useMustAsk } from '../../shared/role.ts';
import { Button, Message, ON_PHONE } from '../../shared/ui.tsx';
import { CumulativeChart, PosteriorChart, RateChart, type ChartArm, type ChartDay } from './charts.tsx';
import {
  failureWords,
  ga4,
  saoPauloTime,
  warningWords,
  type Ga4Status,
  type PullSource,
} from '../../shared/ga4-client.ts';

const pct = (x: number, digits = 1) =>
  `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
const int = (x: number) => Math.round(x).toLocaleString('pt-BR');
const chance = (x: number) => (x > 0.999 ? 'mais de 99,9%' : x < 0.001 ? 'menos de 0,1%' : pct(x));
const dayWords = (day: string) => day.split('-').reverse().join('/');

/** The table gives way to one card per page below this width. */
const NARROW = 700;

const dropCss = (over: boolean) => css`
  border: 2px dashed ${over ? colors.waterDark : colors.disabled};
  background: ${over ? colors.waterLight : colors.surfaceAlt};
  border-radius: ${radii.md};
  padding: 20px 12px;
  text-align: center;
  margin: 12px 0;
`;

const tableCss = css`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 8px 6px;
    border-bottom: 1px solid ${colors.line};
    text-align: right;
    white-space: nowrap;
  }
  th:first-of-type,
  td:first-of-type {
    text-align: left;
    white-space: normal;
    overflow-wrap: anywhere;
  }
  thead th {
    font: 600 13px/1.3 ${fonts.display};
    color: ${colors.muted};
    white-space: normal;
  }
  @media (max-width: ${NARROW}px) {
    display: none;
  }
`;

const cardsCss = css`
  list-style: none;
  padding: 0;
  margin: 12px 0;
  display: grid;
  gap: 10px;
  @media (min-width: ${NARROW + 1}px) {
    display: none;
  }
  li {
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
    padding: 10px 12px;
  }
  h3 {
    font: 600 15px/1.3 ${fonts.display};
    color: ${colors.navy};
    margin: 0 0 6px;
    overflow-wrap: anywhere;
  }
  dl {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 4px 12px;
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
  dt {
    color: ${colors.muted};
  }
  dd {
    margin: 0;
    text-align: right;
  }
`;

const bannerCss = (tone: 'ok' | 'warn' | 'info') => css`
  border-radius: ${radii.sm};
  padding: 10px 14px;
  margin: 12px 0;
  border: 1px solid ${tone === 'warn' ? colors.orange : tone === 'ok' ? colors.waterDark : colors.line};
  background: ${tone === 'warn' ? colors.orangeLight : tone === 'ok' ? colors.waterLight : colors.surfaceAlt};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
  p + p,
  ul + p,
  p + ul {
    margin-top: 6px;
  }
  ul {
    margin: 0;
    padding-left: 20px;
  }
  strong {
    color: ${tone === 'warn' ? colors.orangeHover : colors.navy};
  }
  details {
    margin-top: 8px;
  }
  summary {
    cursor: pointer;
    font-weight: 600;
    color: ${colors.navy};
  }
`;

const endCss = css`
  display: grid;
  gap: 8px;
  max-width: 560px;
  select {
    width: 100%;
    max-width: 100%;
    min-width: 0;
    min-height: 40px;
    ${ON_PHONE} {
      min-height: 44px;
    }
  }
  button {
    justify-self: start;
  }
`;

/** One page of the experiment, as the Encerrar choice lists it. */
export interface ResultPage {
  /** Its name in _site.yaml ("agendamento-oferta"). */
  page: string;
  /** Its address ("/agendamento-oferta"). */
  label: string;
  /** The route's own page. */
  control: boolean;
}

/** The split check as the report gives it (the sequential SRM adds its numbers). */
type Srm = Report['srm'] & Partial<{ level: number; observed: number[]; expectedShares: number[] }>;
/** The report, with what the exports' reading may add (rows it skipped, named). */
type ShownReport = Report & { notes?: string[] };

/** The numbers on the screen and where they came from. */
type Numbers =
  | { from: 'ga4'; report: ShownReport | null; source: PullSource }
  | { from: 'file'; report: ShownReport; name: string };

export function ResultsPanel({
  experimentId,
  pages,
  winner,
  publishedWinner,
  unpublished,
  onEnd,
  onConclude,
  concluded,
}: {
  experimentId: string;
  /** The experiment's pages, its own route's first. */
  pages: ResultPage[];
  /** The winner in the draft, and the one on the site (a page's name). */
  winner: string | undefined;
  publishedWinner: string | null;
  unpublished: boolean;
  /** Sets the winner and publishes. */
  onEnd: (page: string) => void;
  onConclude: () => void;
  concluded: PublishAnswer | undefined;
}) {
  // Levar a vencedora publishes: an Editor, or anyone while every publication needs approval
  // (decisions 0048, 0049), asks for it instead.
  const mustAsk = useMustAsk('publish') === true;
  const [asked, setAsked] = useState<Asked>();
  // A request already waiting (asked before the page was opened again, or by someone else) is
  // said where the button would be, so it is not asked twice.
  useEffect(() => {
    if (!mustAsk || !publishedWinner) return;
    let live = true;
    requestsApi.list().then(
      (answer) => {
        const waiting = answer.requests.find(
          (r) =>
            r.kind === 'levar-vencedora' && r.status === 'pendente' && r.action?.body.id === experimentId,
        );
        if (live && waiting?.action)
          setAsked(
            (now) =>
              now ?? {
                summary: waiting.action!.summary,
                by: waiting.mine ? undefined : waiting.requester.name,
                justNow: false,
              },
          );
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [mustAsk, publishedWinner, experimentId]);
  const [numbers, setNumbers] = useState<Numbers>();
  const [connection, setConnection] = useState<Ga4Status | 'unknown'>();
  const [pulling, setPulling] = useState(false);
  const [pullError, setPullError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [reading, setReading] = useState<string>();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const connected = connection !== undefined && connection !== 'unknown' && connection.connected;
  const labelOf = (page: string) => pages.find((p) => p.page === page)?.label ?? page;

  /** The export and GA4 name a page by its name or by its exp_variant_string (FGS-<id>-<page>). */
  const pageOf = (variant: string) => {
    const prefix = `FGS-${experimentId}-`;
    return variant.startsWith(prefix) ? variant.slice(prefix.length).replaceAll('_', '/') : variant;
  };

  const pull = useCallback(
    async (refresh: boolean) => {
      setPulling(true);
      setPullError(undefined);
      try {
        const answer = await ga4.pull(experimentId, refresh);
        setNumbers({ from: 'ga4', report: answer.report, source: answer.source });
      } catch (e) {
        setPullError(failureWords(e));
      } finally {
        setPulling(false);
      }
    },
    [experimentId],
  );

  // Connected: the numbers come by themselves on opening.
  useEffect(() => {
    let live = true;
    ga4.status().then(
      (status) => {
        if (!live) return;
        setConnection(status);
        if (status.connected) void pull(false);
      },
      () => live && setConnection('unknown'),
    );
    return () => {
      live = false;
    };
  }, [pull]);

  const read = async (file: File) => {
    setReading(file.name);
    setFileError(undefined);
    try {
      if (file.size > 60_000)
        throw new Error(
          'A exportação é grande demais: o relatório precisa só de uma linha por página (e por dia).',
        );
      const csv = await file.text();
      const report = await api.report({ id: experimentId, csv, name: file.name });
      setNumbers({ from: 'file', report, name: file.name });
    } catch (e) {
      setFileError(failureWords(e));
    } finally {
      setReading(undefined);
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void read(file);
  };

  const report = numbers?.report;
  const verdictWinner = report?.verdict?.kind === 'winner' ? pageOf(report.verdict.variant) : undefined;
  const controlPage = report ? pageOf(report.control) : undefined;
  const suggested = verdictWinner ?? (report?.verdict?.kind === 'control-wins' ? controlPage : undefined);
  const [choice, setChoice] = useState<string>();
  const chosenWinner = choice ?? winner ?? suggested ?? '';
  const srmFlagged = report?.srm.flagged ?? false;

  const dropZone = (
    <div
      css={dropCss(over)}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-dropzone
    >
      <p css={{ margin: '0 0 8px' }}>Solte aqui a exportação do GA4 (CSV)</p>
      <input
        ref={input}
        id="exp-exportacao"
        type="file"
        accept=".csv,text/csv,text/plain"
        aria-label="Exportação do Google Analytics (CSV)"
        tabIndex={-1}
        className="visually-hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void read(file);
          e.target.value = '';
        }}
      />
      <Button onClick={() => input.current?.click()} aria-describedby="exp-exportacao-nome">
        Escolher o arquivo…
      </Button>
      <p id="exp-exportacao-nome" className="muted" css={{ margin: '8px 0 0', overflowWrap: 'anywhere' }}>
        {reading
          ? `Lendo ${reading}…`
          : numbers?.from === 'file'
            ? `Arquivo: ${numbers.name}`
            : 'Nenhum arquivo ainda.'}
      </p>
      {fileError && (
        <p role="alert" css={{ margin: '8px 0 0', color: colors.orangeHover, fontWeight: 600 }}>
          {fileError}
        </p>
      )}
    </div>
  );

  return (
    <section className="card" aria-labelledby="exp-resultados" data-results css={{ minWidth: 0 }}>
      <h2 id="exp-resultados">Resultados</h2>
      {connection === undefined ? (
        <p className="muted">Carregando…</p>
      ) : connected ? (
        <div data-source="ga4">
          <p css={{ marginTop: 0 }}>
            Os números vêm do Google Analytics (propriedade {connection.propertyId}). Pode abrir todo dia: a
            conclusão só aparece quando os dados garantem, por mais vezes que você olhe.
          </p>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
            <p role="status" css={{ margin: 0 }} data-fetched>
              {pulling
                ? 'Buscando os números no Google Analytics…'
                : numbers?.from === 'ga4'
                  ? `Atualizado ${saoPauloTime(numbers.source.fetchedAt)}${numbers.source.first && numbers.source.last ? `, com os dias de ${dayWords(numbers.source.first)} a ${dayWords(numbers.source.last)}` : ', ainda sem nenhum dia de dados'}.`
                  : numbers?.from === 'file'
                    ? `Mostrando o arquivo ${numbers.name}.`
                    : ''}
            </p>
            <Button onClick={() => void pull(true)} disabled={pulling}>
              Atualizar agora
            </Button>
          </div>
          {pullError && (
            <div css={bannerCss('warn')} role="alert" data-pull-error>
              <p>
                <strong>Não foi possível buscar os números.</strong> {pullError}
              </p>
              <p>
                A conexão se confere em <a href="#/configuracoes">Configurações</a>; enquanto isso, dá para
                usar uma exportação (abaixo).
              </p>
            </div>
          )}
          {numbers?.from === 'ga4' && numbers.source.warnings.length > 0 && (
            <div css={bannerCss('warn')} data-warnings>
              <p>
                <strong>O Google Analytics avisou sobre estes números:</strong>
              </p>
              <ul>
                {numbers.source.warnings.map((w) => (
                  <li key={w}>{warningWords(w)}</li>
                ))}
              </ul>
            </div>
          )}
          {numbers?.from === 'ga4' && numbers.report === null && !pulling && (
            <p className="muted" data-no-numbers>
              O Google Analytics ainda não tem números deste experimento. Eles aparecem um ou dois dias depois
              que o teste entra no ar (e só depois de criada a dimensão do experimento: guia, seção 8).
            </p>
          )}
          <details css={{ margin: '12px 0' }}>
            <summary css={{ cursor: 'pointer', fontWeight: 600, color: colors.navy }}>
              Ou use uma exportação do GA4 (CSV)
            </summary>
            {dropZone}
          </details>
        </div>
      ) : (
        <div data-source="file">
          <p css={{ marginTop: 0 }}>
            Exporte do Google Analytics a tabela de visitantes e conversas por página do experimento (o passo
            a passo está no guia de autoria, seção 8) e solte o arquivo aqui. Ou conecte o Google Analytics em{' '}
            <a href="#/configuracoes">Configurações</a>, e os números chegam sozinhos. Pode abrir todo dia: a
            conclusão só aparece quando os dados garantem, por mais vezes que você olhe.
          </p>
          {dropZone}
        </div>
      )}
      {report && (
        <ReportView
          report={report}
          pageOf={pageOf}
          labelOf={(variant) =>
            report.variants.find((v) => v.variant === variant)?.label ?? labelOf(pageOf(variant))
          }
        />
      )}

      <h3 css={{ fontSize: '1.05rem', margin: '20px 0 8px' }}>Encerrar</h3>
      {publishedWinner ? (
        <>
          <p>
            Encerrado: todo visitante do endereço vê a vencedora, <strong>{labelOf(publishedWinner)}</strong>.
            Para terminar, leve o conteúdo dela para a página do endereço: a variante e o experimento saem do
            site, numa só publicação que o Histórico mostra como uma mudança.
          </p>
          {concluded ? (
            <Message tone="info">Feito: “{concluded.message}”.</Message>
          ) : asked ? (
            <AskedNotice asked={asked} />
          ) : mustAsk ? (
            // The dialog says the request was sent (and that nothing changed yet); closed, the
            // panel keeps saying it where the button was, so it is not asked twice.
            <AskButton
              kind="levar-vencedora"
              disabled={unpublished}
              body={{ id: experimentId }}
              what={`O conteúdo de ${labelOf(publishedWinner)} vai para a página do endereço; a variante e o experimento saem do site, numa só publicação.`}
              onDone={(r) => setAsked({ summary: r.action?.summary ?? 'levar a vencedora', justNow: true })}
            />
          ) : (
            <Button tone="primary" disabled={unpublished} onClick={onConclude}>
              Levar a vencedora para a página…
            </Button>
          )}
          {unpublished && !concluded && (
            <p className="muted">Publique ou descarte antes as mudanças salvas deste experimento.</p>
          )}
        </>
      ) : (
        <div css={endCss}>
          <p css={{ margin: 0 }}>
            Encerre quando quiser: com o que os números mostram ou por uma decisão do negócio. Depois de
            publicado, todo visitante do endereço vê só a página escolhida.
          </p>
          {winner && (
            <p css={[bannerCss('info'), { margin: 0 }]} data-saved-winner>
              A vencedora {labelOf(winner)} está salva, mas o encerramento ainda não foi publicado: o site
              continua dividindo os visitantes. Encerre de novo para publicar.
            </p>
          )}
          <label htmlFor="exp-vencedora">Vencedora</label>
          <select
            id="exp-vencedora"
            value={chosenWinner}
            onChange={(e) => setChoice(e.target.value)}
            aria-describedby="exp-encerrar-aviso"
          >
            <option value="">Escolha…</option>
            {pages.map((p) => (
              <option key={p.page} value={p.page}>
                {p.label}
                {p.control ? ' (original)' : ''}
              </option>
            ))}
          </select>
          <EndWarning
            chosen={chosenWinner === '' ? undefined : chosenWinner}
            hasNumbers={report != null}
            loading={pulling && report == null}
            suggested={suggested}
            srm={srmFlagged}
            labelOf={labelOf}
          />
          <Button
            tone="primary"
            disabled={chosenWinner === ''}
            onClick={() => onEnd(chosenWinner)}
            aria-describedby="exp-encerrar-aviso"
          >
            Encerrar com a vencedora…
          </Button>
        </div>
      )}
    </section>
  );
}

/** Whether the numbers back the marketer's choice, in words; a choice is never refused. */
function EndWarning({
  chosen,
  hasNumbers,
  loading,
  suggested,
  srm,
  labelOf,
}: {
  chosen: string | undefined;
  hasNumbers: boolean;
  loading: boolean;
  suggested: string | undefined;
  srm: boolean;
  labelOf: (page: string) => string;
}) {
  let words: string | undefined;
  let warn = true;
  if (chosen === undefined) {
    warn = false;
    words = suggested
      ? undefined
      : 'Escolha a página que fica. Dá para encerrar em qualquer dia, com ou sem números.';
  } else if (loading) {
    warn = false;
    words = 'Buscando os números para conferir a escolha…';
  } else if (!hasNumbers) {
    words = `Sem números nesta tela: encerrar com ${labelOf(chosen)} é uma decisão sua, não do teste. Se quiser conferir antes, traga os números em Resultados, acima.`;
  } else if (srm) {
    words = `A divisão dos visitantes está fora do combinado, então os números não sustentam nenhuma escolha: encerrar com ${labelOf(chosen)} é uma decisão sua.`;
  } else if (suggested === undefined) {
    words = `Os dados ainda não apontam uma vencedora: encerrar agora com ${labelOf(chosen)} é uma decisão sua, não do teste.`;
  } else if (suggested !== chosen) {
    words = `Os dados apontam ${labelOf(suggested)}, não ${labelOf(chosen)}: encerrar assim é uma decisão sua, contra o que o teste mostra.`;
  } else {
    warn = false;
    words = `${labelOf(chosen)} é a página que os dados apontam.`;
  }
  return (
    <p
      id="exp-encerrar-aviso"
      data-end-warning={warn ? 'warn' : 'ok'}
      css={
        warn
          ? [bannerCss('warn'), { margin: 0 }]
          : { margin: 0, color: colors.muted, minHeight: words ? undefined : 0 }
      }
    >
      {words}
    </p>
  );
}

/** The report itself: verdict, split check, progress, the numbers per page, the pictures. */
function ReportView({
  report,
  pageOf,
  labelOf,
}: {
  report: ShownReport;
  pageOf: (variant: string) => string;
  /** A variant's address, from the report's own labels. */
  labelOf: (variant: string) => string;
}) {
  const srm = report.srm as Srm;
  const arms: ChartArm[] = report.variants.map((v) => ({
    name: v.variant,
    // The charts add "(original)" themselves.
    label: labelOf(v.variant),
    control: v.control,
    visitors: v.visitors,
    conversions: v.conversions,
    rate: v.rate,
    low: v.rateLow,
    high: v.rateHigh,
    posterior: v.posterior,
  }));
  const days: ChartDay[] =
    report.daily?.map((d) => ({
      date: d.date,
      variants: d.variants.map((v) => ({
        variant: v.variant,
        cumulativeRate: v.cumulativeRate,
        cumulativeVisitors: v.cumulativeVisitors,
      })),
    })) ?? [];
  // The split check is said once, below, in plain words: its reason is left out of the verdict's list.
  const isSrmLine = (line: string) => /divis[ãa]o dos visitantes|SRM|χ²/i.test(line);
  const lines = report.summary
    .filter((line) => !line.startsWith('Os números cobrem'))
    .filter((line) => !(srm.flagged && isSrmLine(line)))
    // Here the button is on the screen: the CLI's way is for developers.
    .map((line) => line.replace(/ no Estúdio \(ou ponha [^)]*\)/, ', abaixo'));
  const head = lines[0];
  const reasons = lines.slice(1).filter((line) => line.startsWith('- '));
  const rest = lines.slice(1).filter((line) => !line.startsWith('- '));
  const decided = report.verdict?.kind === 'winner' || report.verdict?.kind === 'control-wins';
  const name = (v: Report['variants'][number]) => `${labelOf(v.variant)}${v.control ? ' (original)' : ''}`;
  const needed = report.progress.needed;

  return (
    <div data-report>
      {head && (
        <div
          css={bannerCss(decided ? 'ok' : 'info')}
          role="status"
          data-verdict={report.verdict?.kind ?? 'none'}
        >
          <p>
            <strong>{reasons.length === 0 && head.endsWith(':') ? head.slice(0, -1) + '.' : head}</strong>
          </p>
          {reasons.length > 0 && (
            <ul>
              {reasons.map((line) => (
                <li key={line}>{line.replace(/^- /, '')}</li>
              ))}
            </ul>
          )}
          {rest.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {srm.flagged && (
        <div css={bannerCss('warn')} role="alert" data-srm>
          <p>
            <strong>As páginas não receberam as partes combinadas de visitantes.</strong> Algo perde ou
            duplica visitantes de uma delas (um redirecionamento, o cache, um bloqueio da medição). Enquanto
            isso não for corrigido, os números não são confiáveis e o teste não conclui nada.
          </p>
          <details>
            <summary>Ver os números</summary>
            <SrmNumbers srm={srm} report={report} name={name} />
          </details>
        </div>
      )}
      {report.notes && report.notes.length > 0 && (
        <div css={bannerCss('info')} data-notes>
          <p>
            <strong>Sobre os números lidos:</strong>
          </p>
          <ul>
            {report.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
      <div css={{ margin: '12px 0' }}>
        <label htmlFor="exp-progresso" css={{ display: 'block' }}>
          Amostra: {int(report.progress.visitors)} de{' '}
          {needed !== null && Number.isFinite(needed) ? int(needed) : '—'} visitantes por página para enxergar
          uma mudança de {pct(report.mde, 0)}
        </label>
        <progress
          id="exp-progresso"
          max={1}
          value={report.progress.fraction}
          css={{ width: '100%', height: 14, accentColor: colors.waterDark }}
        >
          {pct(report.progress.fraction, 0)}
        </progress>
        {report.days !== null && (
          <small>
            {report.days} {report.days === 1 ? 'dia' : 'dias'} de experimento.
          </small>
        )}
      </div>
      <table css={tableCss} data-report-table>
        <caption className="visually-hidden">Resultados por página</caption>
        <thead>
          <tr>
            <th scope="col">Página</th>
            <th scope="col">Visitantes</th>
            <th scope="col">Conversas</th>
            <th scope="col">Taxa (IC 95%)</th>
            <th scope="col">Chance de superar a original</th>
            <th scope="col">Diferença</th>
          </tr>
        </thead>
        <tbody>
          {report.variants.map((v) => (
            <tr key={v.variant} data-variant-row={pageOf(v.variant)}>
              <th scope="row" css={{ fontWeight: 600 }}>
                {name(v)}
              </th>
              <td data-cell="visitors">{int(v.visitors)}</td>
              <td data-cell="conversions">{int(v.conversions)}</td>
              <td data-cell="rate">
                {pct(v.rate, 2)} ({pct(v.rateLow, 2)}–{pct(v.rateHigh, 2)})
              </td>
              <td data-cell="chance">
                {v.chanceToBeatControl === null ? '—' : chance(v.chanceToBeatControl)}
              </td>
              <td data-cell="uplift">
                {v.uplift === null ? '—' : `${v.uplift >= 0 ? '+' : ''}${pct(v.uplift)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul css={cardsCss} aria-label="Resultados por página" data-report-cards>
        {report.variants.map((v) => (
          <li key={v.variant} data-variant-card={pageOf(v.variant)}>
            <h3>{name(v)}</h3>
            <dl>
              <dt>Visitantes</dt>
              <dd data-cell="visitors">{int(v.visitors)}</dd>
              <dt>Conversas</dt>
              <dd data-cell="conversions">{int(v.conversions)}</dd>
              <dt>Taxa</dt>
              <dd data-cell="rate">
                {pct(v.rate, 2)}
                <br />
                <small>
                  IC 95%: {pct(v.rateLow, 2)}–{pct(v.rateHigh, 2)}
                </small>
              </dd>
              {!v.control && (
                <>
                  <dt>Chance de superar a original</dt>
                  <dd data-cell="chance">
                    {v.chanceToBeatControl === null ? '—' : chance(v.chanceToBeatControl)}
                  </dd>
                  <dt>Diferença</dt>
                  <dd data-cell="uplift">
                    {v.uplift === null ? '—' : `${v.uplift >= 0 ? '+' : ''}${pct(v.uplift)}`}
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <p className="muted">{report.method}</p>
      {report.summary
        .filter((line) => line.startsWith('Os números cobrem'))
        .map((line) => (
          <p key={line} className="muted">
            {line}
          </p>
        ))}
      <div
        css={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))',
          '& > *': { minWidth: 0 },
        }}
      >
        <RateChart arms={arms} />
        <PosteriorChart arms={arms} />
      </div>
      {days.length > 1 && <CumulativeChart arms={arms} days={days} />}
    </div>
  );
}

/** The split check's numbers: each page's visitors, its agreed share and the share it got. */
function SrmNumbers({
  srm,
  report,
  name,
}: {
  srm: Srm;
  report: Report;
  name: (v: Report['variants'][number]) => string;
}) {
  const observed = srm.observed ?? report.variants.map((v) => v.visitors);
  const total = observed.reduce((s, x) => s + x, 0) || 1;
  const weightTotal = report.variants.reduce((s, v) => s + v.weight, 0) || 1;
  const expected = srm.expectedShares ?? report.variants.map((v) => v.weight / weightTotal);
  const p =
    srm.p < 0.0001 ? '< 0,0001' : `= ${srm.p.toLocaleString('pt-BR', { maximumSignificantDigits: 3 })}`;
  return (
    <div css={{ marginTop: 6 }}>
      <div css={{ overflowX: 'auto' }} role="region" aria-label="Divisão dos visitantes" tabIndex={0}>
        <table
          css={{
            borderCollapse: 'collapse',
            fontVariantNumeric: 'tabular-nums',
            'th, td': { padding: '4px 8px 4px 0', textAlign: 'right' },
            'th:first-of-type': { textAlign: 'left' },
          }}
        >
          <thead>
            <tr>
              <th scope="col">Página</th>
              <th scope="col">Visitantes</th>
              <th scope="col">Parte combinada</th>
              <th scope="col">Parte que recebeu</th>
            </tr>
          </thead>
          <tbody>
            {report.variants.map((v, i) => (
              <tr key={v.variant}>
                <th scope="row">{name(v)}</th>
                <td>{int(observed[i] ?? v.visitors)}</td>
                <td>{pct(expected[i] ?? 0)}</td>
                <td>{pct((observed[i] ?? v.visitors) / total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        Teste da divisão (SRM): χ² = {srm.chi2.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}, p {p}
        {srm.level !== undefined
          ? ` (o alarme soa abaixo de ${srm.level.toLocaleString('pt-BR', { maximumSignificantDigits: 3 })})`
          : ''}
        .
      </p>
    </div>
  );
}

/** Levar a vencedora asked for: its summary, by someone else (their name), and whether just now. */
interface Asked {
  summary: string;
  by?: string;
  justNow: boolean;
}

/**
 * Levar a vencedora asked for, where its button was. Asked just now, it takes the focus the closed
 * dialog would have given back to that button (gone with it), so the keyboard and a screen reader
 * stay here; found waiting when the screen opened, it leaves the focus where it is.
 */
function AskedNotice({ asked }: { asked: Asked }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked.justNow) ref.current?.focus();
  }, [asked.justNow]);
  return (
    <div ref={ref} tabIndex={-1} css={{ outline: 'none' }} data-asked>
      <Message tone="info">
        {asked.by ? `Pedido enviado por ${asked.by}` : 'Pedido enviado'}: {asked.summary}. Quem publica decide
        em <a href="#/pedidos">Pedidos</a>.
      </Message>
    </div>
  );
}
