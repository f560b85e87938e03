/**
 * Know before you start (issue 36, point 2): how many days the experiment needs to find the
 * smallest effect worth knowing, with its pages and shares as set, from the route's recent
 * traffic and conversion rate: read from Google Analytics when the Estúdio is connected, typed in
 * otherwise (and kept in this browser per route). The estimate is `planExperiment`
 * (runtime/experiments/plan.ts), the verdict's own sequential test; past MAX_PLAN_DAYS it is said
 * as a warning, with what would make the test conclude.
 */
import { useEffect, useId, useState } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import { DEFAULT_MDE, MAX_PLAN_DAYS, planExperiment } from '../../../../runtime/experiments/browser.ts';
import { failureWords, ga4 } from '../../shared/ga4-client.ts';

const int = (x: number) => Math.round(x).toLocaleString('pt-BR');
/** "2,5" or "2.5" → 2.5; NaN for anything else. */
const decimal = (text: string) => (/^\s*\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : NaN);
const typedKey = (route: string) => `estudio-estimativa:${route}`;

const estimateCss = css`
  .inputs {
    display: grid;
    gap: 12px;
    grid-template-columns: repeat(auto-fit, minmax(min(200px, 100%), 1fr));
    margin: 12px 0;
  }
  .inputs > div {
    display: grid;
    gap: 4px;
    align-content: start;
  }
  input,
  select {
    width: 100%;
    max-width: 100%;
  }
  .answer {
    border-radius: ${radii.sm};
    padding: 10px 14px;
    margin: 12px 0 0;
    border: 1px solid ${colors.line};
    background: ${colors.surfaceAlt};
  }
  .answer[data-plan='longo'] {
    border-color: ${colors.orange};
    background: ${colors.orangeLight};
  }
  .answer[data-plan='longo'] strong {
    color: ${colors.orangeHover};
  }
  .answer p {
    margin: 0;
  }
  .answer p + p {
    margin-top: 6px;
  }
  .source {
    font: 600 13px/1.4 ${fonts.display};
    color: ${colors.muted};
    margin: 0;
  }
`;

export function DurationEstimate({
  route,
  pages,
}: {
  route: string;
  /** The experiment's pages with their shares, the route's own page first. */
  pages: { label: string; weight: number }[];
}) {
  const id = useId();
  const [traffic, setTraffic] = useState<{ days: number; dailyVisitors: number; conversionRate: number }>();
  const [trafficError, setTrafficError] = useState<string>();
  const [loading, setLoading] = useState(true);
  const [typed, setTyped] = useState<{ visitors: string; rate: string }>(() => {
    try {
      const kept = JSON.parse(localStorage.getItem(typedKey(route)) ?? 'null') as {
        visitors?: unknown;
        rate?: unknown;
      } | null;
      return {
        visitors: typeof kept?.visitors === 'string' ? kept.visitors : '',
        rate: typeof kept?.rate === 'string' ? kept.rate : '',
      };
    } catch {
      return { visitors: '', rate: '' };
    }
  });
  const [mde, setMde] = useState(DEFAULT_MDE);

  // Connected: the route's last weeks from Google Analytics.
  useEffect(() => {
    let live = true;
    ga4
      .status()
      .then((status) => (status.connected ? ga4.traffic(route) : undefined))
      .then(
        (answer) => {
          if (!live) return;
          if (answer && answer.dailyVisitors > 0) setTraffic(answer);
          else if (answer)
            setTrafficError(
              'O Google Analytics ainda não tem visitas desta página: informe os números que você conhece.',
            );
        },
        (e: unknown) => live && setTrafficError(failureWords(e)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [route]);

  const keep = (next: { visitors: string; rate: string }) => {
    setTyped(next);
    try {
      localStorage.setItem(typedKey(route), JSON.stringify(next));
    } catch {
      // A browser that keeps nothing: the numbers stay for this visit only.
    }
  };

  const fromGa4 = traffic !== undefined;
  const dailyVisitors = fromGa4 ? traffic.dailyVisitors : decimal(typed.visitors);
  const baseRate = fromGa4 ? traffic.conversionRate : decimal(typed.rate) / 100;
  const weights = pages.map((p) => p.weight);
  const ready =
    Number.isFinite(dailyVisitors) && dailyVisitors > 0 && Number.isFinite(baseRate) && baseRate > 0;
  // Cheap (a closed form): computed on every render.
  const plan = ready ? planExperiment({ dailyVisitors, baseRate, weights, mde }) : undefined;
  const visitorsInvalid = !fromGa4 && typed.visitors !== '' && !(decimal(typed.visitors) > 0);
  const rateInvalid =
    !fromGa4 && typed.rate !== '' && !(decimal(typed.rate) > 0 && decimal(typed.rate) < 100);

  return (
    <section className="card" aria-labelledby={`${id}-titulo`} css={estimateCss} data-estimate>
      <h2 id={`${id}-titulo`}>Quanto tempo o teste precisa</h2>
      <p css={{ marginTop: 0 }}>
        Antes de começar: com o tráfego de {route}, as páginas e as partes como estão acima, quantos dias o
        teste leva para enxergar a menor mudança que vale saber. Mais páginas ou partes desiguais pedem mais
        dias.
      </p>
      {loading ? (
        <p className="muted">Carregando…</p>
      ) : fromGa4 ? (
        <p className="source" data-traffic-source="ga4">
          Do Google Analytics, últimos {traffic.days} dias: cerca de {int(traffic.dailyVisitors)} visitantes
          por dia em {route},{' '}
          {(traffic.conversionRate * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}% deles
          chamaram no WhatsApp.
        </p>
      ) : (
        <>
          {trafficError && (
            <p className="muted" data-traffic-error>
              Não deu para ler o tráfego no Google Analytics: {trafficError}
            </p>
          )}
        </>
      )}
      <div className="inputs">
        {!loading && !fromGa4 && (
          <>
            <div>
              <label htmlFor={`${id}-visitantes`}>Visitantes por dia na rota</label>
              <input
                id={`${id}-visitantes`}
                inputMode="numeric"
                autoComplete="off"
                value={typed.visitors}
                aria-invalid={visitorsInvalid}
                aria-describedby={`${id}-visitantes-ajuda`}
                onChange={(e) => keep({ ...typed, visitors: e.target.value })}
              />
              <small id={`${id}-visitantes-ajuda`}>
                {visitorsInvalid
                  ? 'Escreva só um número, por exemplo 240.'
                  : `Quantas pessoas abrem ${route} num dia comum (Google Analytics: Relatórios → Páginas e telas).`}
              </small>
            </div>
            <div>
              <label htmlFor={`${id}-taxa`}>Taxa de conversão hoje (%)</label>
              <input
                id={`${id}-taxa`}
                inputMode="decimal"
                autoComplete="off"
                value={typed.rate}
                aria-invalid={rateInvalid}
                aria-describedby={`${id}-taxa-ajuda`}
                onChange={(e) => keep({ ...typed, rate: e.target.value })}
              />
              <small id={`${id}-taxa-ajuda`}>
                {rateInvalid
                  ? 'Escreva a porcentagem, por exemplo 2,5.'
                  : 'De cada 100 visitantes, quantos chamam no WhatsApp (por exemplo 2,5).'}
              </small>
            </div>
          </>
        )}
        <div>
          <label htmlFor={`${id}-efeito`}>Menor mudança nas conversas que vale saber</label>
          <select id={`${id}-efeito`} value={mde} onChange={(e) => setMde(Number(e.target.value))}>
            {[0.1, 0.2, 0.3, 0.5].map((m) => (
              <option key={m} value={m}>
                {`${int(m * 100)}%${m === DEFAULT_MDE ? ' (o padrão)' : ''}`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="answer" role="status" data-plan={plan ? (plan.tooLong ? 'longo' : 'ok') : 'sem-dados'}>
        {plan ? (
          <>
            <p>{plan.tooLong ? <strong>Atenção. {plan.message}</strong> : <strong>{plan.message}</strong>}</p>
            {plan.perPage.every((n) => Number.isFinite(n)) && (
              <p data-plan-pages>
                Visitantes por página:{' '}
                {pages.map((p, i) => `${p.label} ${int(plan.perPage[i] ?? 0)}`).join('; ')}.
              </p>
            )}
            {!plan.tooLong && (
              <p className="muted">
                Uma estimativa: olhando todo dia, a conclusão pode vir antes. Acima de {MAX_PLAN_DAYS} dias, o
                Estúdio avisa.
              </p>
            )}
          </>
        ) : (
          <p>
            {pages.length < 2
              ? 'Acrescente ao menos uma variante para estimar.'
              : 'Informe os visitantes por dia e a taxa de conversão para ver a estimativa.'}
          </p>
        )}
      </div>
    </section>
  );
}
