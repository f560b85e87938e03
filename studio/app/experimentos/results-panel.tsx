/**
 * Resultados: the marketer drops the GA4 export on the page; the server judges it with the same
 * code as `npm run experiments -- report --json` (runtime/experiments/judge.ts) and this panel
 * shows per page the visitors, chats, rate with its 95% interval, chance to beat the original and
 * uplift; the split check (SRM); the progress toward the sample needed; the verdict in words; and
 * three pictures (charts.tsx). Then the last steps: end with the winner, bring it home.
 */
import { useRef, useState, type DragEvent } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../design/theme.ts';
import type { PublishAnswer } from '../../api.ts';
import type { Report } from '../../../runtime/experiments/index.ts';
import { api } from '../api-client.ts';
import { Button, Message } from '../ui.tsx';
import { CumulativeChart, PosteriorChart, RateChart, type ChartArm, type ChartDay } from './charts.tsx';

const pct = (x: number, digits = 1) =>
  `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
const int = (x: number) => Math.round(x).toLocaleString('pt-BR');
const chance = (x: number) => (x > 0.999 ? 'mais de 99,9%' : x < 0.001 ? 'menos de 0,1%' : pct(x));

const dropCss = (over: boolean) => css`
  border: 2px dashed ${over ? colors.waterDark : colors.disabled};
  background: ${over ? colors.waterLight : colors.surfaceAlt};
  border-radius: ${radii.md};
  padding: 20px;
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
  }
  thead th {
    font: 600 13px/1.3 ${fonts.display};
    color: ${colors.muted};
  }
`;

const bannerCss = (tone: 'ok' | 'warn' | 'info') => css`
  border-radius: ${radii.sm};
  padding: 10px 14px;
  margin: 12px 0;
  border: 1px solid ${tone === 'warn' ? colors.orange : tone === 'ok' ? colors.waterDark : colors.line};
  background: ${tone === 'warn' ? colors.orangeLight : tone === 'ok' ? colors.waterLight : colors.surfaceAlt};
  p {
    margin: 0;
  }
  strong {
    color: ${tone === 'warn' ? colors.orangeHover : colors.navy};
  }
`;

export function ResultsPanel({
  experimentId,
  pageLabel,
  winner,
  publishedWinner,
  unpublished,
  onEnd,
  onConclude,
  concluded,
}: {
  experimentId: string;
  /** "agendamento-oferta" → "/agendamento-oferta" */
  pageLabel: (page: string) => string;
  /** The winner in the draft, and the one on the site. */
  winner: string | undefined;
  publishedWinner: string | null;
  unpublished: boolean;
  /** Sets the winner and publishes. */
  onEnd: (page: string) => void;
  onConclude: () => void;
  concluded: PublishAnswer | undefined;
}) {
  const [report, setReport] = useState<Report>();
  const [fileName, setFileName] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  /** The export names a page by its name or by its exp_variant_string (FGS-<id>-<page>). */
  const pageOf = (variant: string) => {
    const prefix = `FGS-${experimentId}-`;
    return variant.startsWith(prefix) ? variant.slice(prefix.length).replaceAll('_', '/') : variant;
  };

  const read = async (file: File) => {
    setBusy(true);
    setError(undefined);
    setFileName(file.name);
    try {
      if (file.size > 60_000)
        throw new Error(
          'A exportação é grande demais: o relatório precisa só de uma linha por página (e por dia).',
        );
      const csv = await file.text();
      setReport(await api.report({ id: experimentId, csv, name: file.name }));
    } catch (e) {
      setReport(undefined);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void read(file);
  };

  const arms: ChartArm[] =
    report?.variants.map((v) => ({
      name: v.variant,
      // The charts add "(original)" themselves.
      label: pageLabel(pageOf(v.variant)),
      control: v.control,
      visitors: v.visitors,
      conversions: v.conversions,
      rate: v.rate,
      low: v.rateLow,
      high: v.rateHigh,
      posterior: v.posterior,
    })) ?? [];
  const days: ChartDay[] =
    report?.daily?.map((d) => ({
      date: d.date,
      variants: d.variants.map((v) => ({
        variant: v.variant,
        cumulativeRate: v.cumulativeRate,
        cumulativeVisitors: v.cumulativeVisitors,
      })),
    })) ?? [];
  const verdictWinner = report?.verdict?.kind === 'winner' ? pageOf(report.verdict.variant) : undefined;
  const controlPage = report ? pageOf(report.control) : undefined;
  const suggested = verdictWinner ?? (report?.verdict?.kind === 'control-wins' ? controlPage : undefined);
  const [choice, setChoice] = useState<string>();
  const chosenWinner = choice ?? winner ?? suggested ?? '';

  return (
    <section className="card" aria-labelledby="exp-resultados" data-results>
      <h2 id="exp-resultados">Resultados</h2>
      <p css={{ marginTop: 0 }}>
        Exporte do Google Analytics a tabela de visitantes e conversas por página do experimento (o passo a
        passo está no guia de autoria, seção 8) e solte o arquivo aqui. Pode abrir todo dia: a conclusão só
        aparece quando os dados garantem, por mais vezes que você olhe.
      </p>
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
        <p id="exp-exportacao-nome" className="muted" css={{ margin: '8px 0 0' }}>
          {busy ? 'Lendo…' : fileName ? `Arquivo: ${fileName}` : 'Nenhum arquivo ainda.'}
        </p>
      </div>
      {error && <Message tone="error">{error}</Message>}
      {report && (
        <div data-report>
          <div
            css={bannerCss(
              report.verdict?.kind === 'winner' || report.verdict?.kind === 'control-wins' ? 'ok' : 'info',
            )}
            role="status"
            data-verdict={report.verdict?.kind ?? 'none'}
          >
            {report.summary
              .filter((line) => !line.startsWith('Os números cobrem'))
              // Here the button is on the screen: the CLI's way is for developers.
              .map((line) => line.replace(/ no Estúdio \(ou ponha winner:[^)]*\)/, ''))
              .map((line) => (
                <p key={line}>
                  {line === report.summary[0] ? <strong>{line}</strong> : line.replace(/^- /, '• ')}
                </p>
              ))}
          </div>
          {report.srm.flagged && (
            <div css={bannerCss('warn')} role="alert" data-srm>
              <p>
                <strong>A divisão dos visitantes não bate com as partes combinadas.</strong> Algo perde ou
                duplica visitantes de uma das páginas (um redirecionamento, o cache, um bloqueio da medição).
                Enquanto isso, os números não são confiáveis e não há conclusão.
              </p>
            </div>
          )}
          <div css={{ margin: '12px 0' }}>
            <label htmlFor="exp-progresso" css={{ display: 'block' }}>
              Amostra: {int(report.progress.visitors)} de{' '}
              {Number.isFinite(report.progress.needed) && report.progress.needed !== null
                ? int(report.progress.needed)
                : '—'}{' '}
              visitantes por página para enxergar uma mudança de {pct(report.mde, 0)}
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
                {report.days} {report.days === 1 ? 'dia' : 'dias'} de dados.
              </small>
            )}
          </div>
          <div css={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Números por página">
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
                      {pageLabel(pageOf(v.variant))}
                      {v.control ? ' (original)' : ''}
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
          </div>
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
            }}
          >
            <RateChart arms={arms} />
            <PosteriorChart arms={arms} />
          </div>
          {days.length > 1 && <CumulativeChart arms={arms} days={days} />}
        </div>
      )}

      <h3 css={{ fontSize: '1.05rem', margin: '20px 0 8px' }}>Encerrar</h3>
      {publishedWinner ? (
        <>
          <p>
            Encerrado: todo visitante do endereço vê a vencedora,{' '}
            <strong>{pageLabel(publishedWinner)}</strong>. Para terminar, leve o conteúdo dela para a página
            do endereço: a variante e o experimento saem do site, numa só publicação que o Histórico mostra
            como uma mudança.
          </p>
          {concluded ? (
            <Message tone="info">Feito: “{concluded.message}”.</Message>
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
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <label htmlFor="exp-vencedora">Vencedora</label>
          <select id="exp-vencedora" value={chosenWinner} onChange={(e) => setChoice(e.target.value)}>
            <option value="">Escolha…</option>
            {report?.variants.map((v) => (
              <option key={v.variant} value={pageOf(v.variant)}>
                {pageLabel(pageOf(v.variant))}
                {v.control ? ' (original)' : ''}
                {pageOf(v.variant) === suggested ? ' — a que os dados apontam' : ''}
              </option>
            ))}
            {!report && winner && <option value={winner}>{pageLabel(winner)}</option>}
          </select>
          <Button tone="primary" disabled={chosenWinner === ''} onClick={() => onEnd(chosenWinner)}>
            Encerrar com a vencedora…
          </Button>
          {report && !suggested && chosenWinner !== '' && (
            <p className="muted" css={{ flexBasis: '100%' }}>
              Os dados ainda não apontam uma vencedora: encerrar agora é uma escolha sua, não do teste.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
