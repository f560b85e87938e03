/**
 * Experimentos (issue 26): every A/B test of pages/_site.yaml with its state in words, and one
 * test at a time: its route and pages with their shares (always summing to 100), its days in São
 * Paulo's time, the pages side by side as a phone shows them, the loader's problems live at their
 * fields, and Resultados. Starting, changing and ending are edits of _site.yaml's nodes followed
 * by the ordinary Publicar; "Levar a vencedora para a página" is one publish of its own.
 */
import { useEffect, useMemo, useState } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii, shadows } from '../../../../design/theme.ts';
import type { ExperimentSummary, PageSummary, PublishAnswer } from '../../../api.ts';
import { api, ApiFailure } from '../../shared/api-client.ts';
import { PreviewFrame } from '../../shared/preview-frame.tsx';
import { PublishDialog } from '../publicar/index.ts';
import { actionsCss, Button, Dialog, Message, ON_PHONE } from '../../shared/ui.tsx';
import { offsetOf, pathAt } from '../../../yaml-paths.ts';
import { readAudiences } from '../../../audiences.ts';
import { DurationEstimate } from './duration-estimate.tsx';
import { ResultsPanel } from './results-panel.tsx';
import {
  addExperiment,
  addVariant,
  equalShares,
  readExperiments,
  rebalance,
  removeExperiment,
  removeVariant,
  setExperimentField,
  setWeights,
  type ExperimentDraft,
} from '../../shared/site-edits.ts';
import { problemsByPath, useSiteDraft, type SiteDraft } from '../../shared/use-site.ts';
import { ScreenHeader } from '../../shared/screen-header.tsx';
import { publishVerb, usePublishAsks } from '../../shared/publish-words.ts';

/** One colour per page of a test (the bar and the results): the original first. */
export const PAGE_COLOURS = [colors.navy, colors.orange, colors.waterDark, '#6d28d9', '#15803d', '#a16207'];

const screenCss = css`
  max-width: 1200px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  h1 {
    font-size: 1.6rem;
  }
  /* A phone: the links that stand alone (to the list, a new experiment, each experiment, a page's
     editor) are a finger's height. */
  ${ON_PHONE} {
    a[href^='#/experimentos'],
    a[href^='#/editar/'] {
      display: inline-flex;
      align-items: center;
      min-height: 44px;
    }
  }
  h2 {
    font-size: 1.2rem;
    margin: 0 0 8px;
  }
  section.card {
    background: ${colors.white};
    border-radius: ${radii.md};
    box-shadow: ${shadows.card};
    padding: 16px 20px;
    margin-bottom: 16px;
  }
  label {
    font: 600 14px/1.4 ${fonts.display};
    color: ${colors.navy};
  }
  input,
  select {
    font: inherit;
    padding: 6px 8px;
    border: 1px solid ${colors.disabled};
    border-radius: ${radii.sm};
  }
  [aria-invalid='true'] {
    border: 2px solid ${colors.orange};
  }
  small,
  .muted {
    color: ${colors.muted};
  }
  .problem {
    color: ${colors.orangeHover};
    font-weight: 600;
    margin: 4px 0 0;
  }
`;

const stateCss = (state: ExperimentSummary['state']) => css`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${radii.pill};
  font: 600 12px/1.6 ${fonts.display};
  white-space: nowrap;
  background: ${state === 'no-ar' ? colors.waterLight : state === 'rascunho' ? colors.orangeLight : colors.surfaceAlt};
  color: ${state === 'no-ar' ? colors.waterDark : state === 'rascunho' ? colors.orangeHover : colors.navy};
  border: 1px solid ${colors.line};
`;

const dayWords = (day: string) => day.split('-').reverse().join('/');
const pageName = (file: string) =>
  file
    .replace(/^pages\//, '')
    .replace(/\.yaml$/, '')
    .replace(/(^|\/)index$/, '');

/** The shares as one bar: each page's part of the visitors, labelled. */
export function SharesBar({ pages }: { pages: { label: string; weight: number }[] }) {
  const total = pages.reduce((s, p) => s + p.weight, 0) || 1;
  return (
    <div
      role="img"
      aria-label={`Divisão dos visitantes: ${pages.map((p) => `${p.label} ${p.weight}%`).join(', ')}`}
      css={{
        display: 'flex',
        height: 28,
        borderRadius: radii.sm,
        overflow: 'hidden',
        border: `1px solid ${colors.line}`,
        minWidth: 160,
      }}
    >
      {pages.map((p, i) => (
        <div
          key={`${p.label}-${i}`}
          title={`${p.label}: ${p.weight}%`}
          css={{
            width: `${(p.weight / total) * 100}%`,
            background: PAGE_COLOURS[i % PAGE_COLOURS.length],
            color: colors.white,
            font: `600 12px/28px ${fonts.display}`,
            textAlign: 'center',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
            borderLeft: i > 0 ? `2px solid ${colors.white}` : undefined,
          }}
        >
          {p.weight}%
        </div>
      ))}
    </div>
  );
}

export function ExperimentsScreen({ id }: { id: string | undefined }) {
  const site = useSiteDraft();
  /** The experiment's name once a new one has one (the address then names it too). */
  const [named, setNamed] = useState<string>();
  const [pages, setPages] = useState<PageSummary[]>();
  const [pagesError, setPagesError] = useState<string>();
  const reloadPages = () =>
    api.pages().then(
      (answer) => setPages(answer.pages),
      (e: unknown) => setPagesError(e instanceof Error ? e.message : String(e)),
    );
  useEffect(() => {
    void reloadPages();
  }, []);

  return (
    <main css={screenCss}>
      <ScreenHeader
        title={
          id === undefined
            ? 'Experimentos'
            : named !== undefined
              ? `Experimento ${named}`
              : id === 'novo'
                ? 'Novo experimento'
                : `Experimento ${id}`
        }
      >
        {id !== undefined && <a href="#/experimentos">Todos os experimentos</a>}
      </ScreenHeader>
      {site.loadError && <Message tone="error">{site.loadError}</Message>}
      {pagesError && <Message tone="error">{pagesError}</Message>}
      {!site.answer && !site.loadError && <Message tone="info">Carregando…</Message>}
      {site.answer && pages && id === undefined && <ExperimentList site={site} />}
      {site.answer && pages && id !== undefined && (
        <ExperimentEditor site={site} pages={pages} id={id} onPagesChanged={reloadPages} onNamed={setNamed} />
      )}
    </main>
  );
}

function ExperimentList({ site }: { site: SiteDraft }) {
  const list = site.check?.experiments ?? site.answer!.experiments;
  return (
    <>
      <p>
        Um experimento divide os visitantes de um endereço entre a página dele (a original) e variantes, para
        saber qual leva mais gente a chamar no WhatsApp. Os dias são do {site.answer!.timeZoneLabel}; hoje é{' '}
        {dayWords(site.answer!.today)}.
      </p>
      <p>
        <a href="#/experimentos/novo" css={{ fontWeight: 600 }}>
          + Novo experimento
        </a>
      </p>
      {list.length === 0 ? (
        <Message tone="info">Nenhum experimento ainda.</Message>
      ) : (
        <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}>
          {list.map((e) => (
            <li key={`${e.id}-${e.index}`}>
              <section className="card" data-experiment={e.id} aria-labelledby={`exp-${e.id}`}>
                <div css={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'baseline' }}>
                  <h2 id={`exp-${e.id}`} css={{ margin: 0 }}>
                    <a href={`#/experimentos/${encodeURIComponent(e.id)}`}>{e.id}</a>
                  </h2>
                  <span css={stateCss(e.state)} data-state={e.state}>
                    {e.stateText}
                  </span>
                  {e.unpublished && e.state !== 'rascunho' && (
                    <span css={stateCss('rascunho')}>mudança salva, não publicada</span>
                  )}
                </div>
                <p css={{ margin: '8px 0' }}>
                  Endereço <strong>{e.route}</strong>
                  {' · '}
                  {e.start || e.end
                    ? `${e.start ? `de ${dayWords(e.start)}` : 'desde a publicação'}${e.end ? ` até ${dayWords(e.end)}` : ', sem data para acabar'}`
                    : 'sem datas: começa ao publicar, acaba quando for encerrado'}
                  {e.days !== null && ` · ${e.days} ${e.days === 1 ? 'dia' : 'dias'} no ar`}
                </p>
                <SharesBar pages={e.pages.map((p) => ({ label: p.route ?? p.page, weight: p.weight }))} />
                <ul css={{ margin: '8px 0 0', paddingLeft: 20 }}>
                  {e.pages.map((p) => (
                    <li key={p.page}>
                      {p.route ?? p.page} ({p.weight}%){p.baseline ? ', a original' : ''}
                      {p.title ? `: ${p.title}` : ''}
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type Busy = { kind: 'publish'; files: string[] } | { kind: 'conclude' } | undefined;

function ExperimentEditor({
  site,
  pages,
  id,
  onPagesChanged,
  onNamed,
}: {
  site: SiteDraft;
  pages: PageSummary[];
  id: string;
  onPagesChanged: () => Promise<void>;
  onNamed: (id: string | undefined) => void;
}) {
  const experiments = readExperiments(site.draft);
  // A new experiment is added to the draft when its route is chosen; from then on it is edited
  // by its position (its name may change while it is typed).
  const [index, setIndex] = useState<number | undefined>(() => {
    if (id === 'novo') return undefined;
    const at = experiments.findIndex((e) => e.id === id);
    return at < 0 ? undefined : at;
  });
  const [dialog, setDialog] = useState<Busy>();
  const [concluded, setConcluded] = useState<PublishAnswer>();
  const asks = usePublishAsks();
  const [error, setError] = useState<string>();
  const entry = index === undefined ? undefined : experiments[index];
  const summary = (site.check?.experiments ?? site.answer!.experiments).find((e) => e.index === index);
  const published = site.answer!.experiments.find((e) => e.id === entry?.id && e.state !== 'rascunho');
  useEffect(() => onNamed(entry?.id), [entry?.id, onNamed]);
  /** An ended experiment is read, not changed: what is left is bringing the winner home. */
  const locked = published?.state === 'encerrado';

  if (id !== 'novo' && index === undefined) {
    return (
      <Message tone="error">
        O experimento “{id}” não existe em pages/_site.yaml. <a href="#/experimentos">Ver todos</a>
      </Message>
    );
  }
  if (!entry) return <NewExperiment site={site} pages={pages} onCreated={setIndex} />;

  const pathOf = (line: number, column: number) => pathAt(site.draft, offsetOf(site.draft, line, column));
  const problems = problemsByPath(site.check, pathOf);
  const at = (...path: (string | number)[]) => {
    const key = ['experiments', index!, ...path].join('.');
    return [...problems.entries()].filter(([k]) => k === key).flatMap(([, list]) => list);
  };
  const allProblems = site.check?.problems ?? [];
  const baseline = pages.find((p) => p.route === entry.route);
  /** Audience rules of the route: their visitors are served first and never split (decision 0046). */
  const audiences = readAudiences(site.draft).filter((r) => r.route === entry.route).length;
  const inOther = (file: string) =>
    pages.find((p) => p.file === file)?.experiment?.id !== undefined &&
    pages.find((p) => p.file === file)?.experiment?.id !== entry.id;
  const candidates = pages.filter(
    (p) =>
      p.variantOf === entry.route &&
      !entry.variants.some((v) => v.page === pageName(p.file)) &&
      !inOther(p.file),
  );
  const weights = entry.variants.map((v) => v.weight);
  const edit = (change: (text: string) => string) => site.edit(change);
  const pageOf = (name: string) => pages.find((p) => pageName(p.file) === name);
  const unpublishedPages = entry.variants
    .map((v) => pageOf(v.page))
    .filter((p): p is PageSummary => p !== undefined && p.unpublished)
    .map((p) => p.file);

  /** Saves (with one more edit first, when given) and opens Publicar on _site.yaml and the new pages. */
  const saveThenPublish = async (change?: (text: string) => string) => {
    setError(undefined);
    const text = change ? change(site.draft) : site.draft;
    if ((change || site.dirty) && text !== site.answer!.source && !(await site.save(text))) return;
    history.replaceState(null, '', `#/experimentos/${encodeURIComponent(entry.id)}`);
    setDialog({ kind: 'publish', files: ['pages/_site.yaml', ...unpublishedPages] });
  };

  return (
    <>
      {summary && (
        <p>
          <span css={stateCss(summary.state)} data-state={summary.state}>
            {summary.stateText}
          </span>
          {summary.days !== null && ` · ${summary.days} ${summary.days === 1 ? 'dia' : 'dias'} no ar`}
          {summary.unpublished &&
            summary.state !== 'rascunho' &&
            ' · há mudanças que ainda não estão no site'}
        </p>
      )}
      <section className="card" aria-labelledby="exp-definicao">
        <h2 id="exp-definicao">O teste</h2>
        <div css={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
          <div css={{ display: 'grid', gap: 4 }}>
            <label htmlFor="exp-id">Nome do experimento</label>
            <input
              id="exp-id"
              value={entry.id}
              readOnly={published !== undefined}
              aria-invalid={at('id').length > 0}
              aria-describedby="exp-id-ajuda"
              onChange={(e) => edit((t) => setExperimentField(t, index!, 'id', e.target.value))}
            />
            <small id="exp-id-ajuda">
              {published
                ? 'Publicado: o nome fica (ele está no cookie dos visitantes e nas métricas).'
                : 'Letras minúsculas, números e hífens. Vai no cookie e nas métricas.'}
            </small>
            {at('id').map((m) => (
              <p className="problem" key={m}>
                {m}
              </p>
            ))}
          </div>
          <div css={{ display: 'grid', gap: 4 }}>
            <span css={{ font: `600 14px/1.4 ${fonts.display}`, color: colors.navy }}>Endereço dividido</span>
            <strong css={{ fontSize: 18 }}>{entry.route}</strong>
            <small>
              A página original é{' '}
              {baseline ? `${baseline.route} (${baseline.title ?? pageName(baseline.file)})` : '—'}: a base da
              comparação.
            </small>
            {audiences > 0 && (
              <small data-route-audiences>
                {audiences === 1
                  ? 'Um público deste endereço vem antes do teste: quem chega pelo anúncio dele'
                  : `${audiences} públicos deste endereço vêm antes do teste: quem chega pelo anúncio de um deles`}{' '}
                vê a página do público e não entra na divisão nem nos números (
                <a href="#/publicos">Públicos</a>).
              </small>
            )}
            {at('route').map((m) => (
              <p className="problem" key={m}>
                {m}
              </p>
            ))}
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby="exp-paginas">
        <h2 id="exp-paginas">Páginas e divisão dos visitantes</h2>
        <SharesBar
          pages={entry.variants.map((v) => ({ label: pageOf(v.page)?.route ?? v.page, weight: v.weight }))}
        />
        {at('variants').map((m) => (
          <p className="problem" key={m}>
            {m}
          </p>
        ))}
        <table css={{ width: '100%', borderCollapse: 'collapse', marginTop: 12 }}>
          <thead>
            <tr>
              <th scope="col" css={{ textAlign: 'left' }}>
                Página
              </th>
              <th scope="col" css={{ textAlign: 'left' }}>
                Parte dos visitantes
              </th>
            </tr>
          </thead>
          <tbody>
            {entry.variants.map((v, j) => {
              const page = pageOf(v.page);
              const isBase = page !== undefined && page.route === entry.route;
              const label = page?.route ?? v.page;
              return (
                <tr
                  key={`${v.page}-${j}`}
                  data-variant={v.page}
                  css={{ borderTop: `1px solid ${colors.line}` }}
                >
                  <td css={{ padding: '8px 4px' }}>
                    <span
                      aria-hidden
                      css={{
                        display: 'inline-block',
                        width: 12,
                        height: 12,
                        borderRadius: 3,
                        marginRight: 6,
                        background: PAGE_COLOURS[j % PAGE_COLOURS.length],
                      }}
                    />
                    <strong>{label}</strong> {isBase && <span className="muted">(original)</span>}
                    <br />
                    <small>{page?.title ?? ''}</small>
                    {at('variants', j, 'page').map((m) => (
                      <p className="problem" key={m}>
                        {m}
                      </p>
                    ))}
                    {!isBase && published === undefined && (
                      <Button
                        tone="quiet"
                        aria-label={`Tirar ${label} do experimento`}
                        onClick={() =>
                          edit((t) => removeVariant(t, index!, j, equalShares(entry.variants.length - 1)))
                        }
                      >
                        Tirar
                      </Button>
                    )}
                  </td>
                  <td css={{ padding: '8px 4px' }}>
                    <div css={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                      <input
                        type="range"
                        min={1}
                        max={100 - (entry.variants.length - 1)}
                        value={v.weight}
                        aria-label={`Parte dos visitantes de ${label} (controle deslizante)`}
                        aria-valuetext={`${v.weight}%`}
                        disabled={locked}
                        css={{ flex: '1 1 120px', padding: 0 }}
                        onChange={(e) =>
                          edit((t) => setWeights(t, index!, rebalance(weights, j, Number(e.target.value))))
                        }
                      />
                      <input
                        type="number"
                        min={1}
                        max={99}
                        value={v.weight}
                        aria-label={`Parte dos visitantes de ${label}, em %`}
                        aria-invalid={at('variants', j, 'weight').length > 0}
                        disabled={locked}
                        css={{ width: 72 }}
                        onChange={(e) => {
                          const value = Number(e.target.value);
                          if (Number.isFinite(value) && e.target.value !== '')
                            edit((t) => setWeights(t, index!, rebalance(weights, j, value)));
                        }}
                      />
                      <span aria-hidden>%</span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12, alignItems: 'center' }}>
          {!locked && (
            <Button onClick={() => edit((t) => setWeights(t, index!, equalShares(entry.variants.length)))}>
              Dividir igualmente
            </Button>
          )}
          {published === undefined && entry.variants.length < 6 && (
            <AddPage
              candidates={candidates}
              baseline={baseline}
              onAdd={(name) =>
                edit((t) => addVariant(t, index!, name, equalShares(entry.variants.length + 1)))
              }
              onCreated={async (name) => {
                await onPagesChanged();
                edit((t) => addVariant(t, index!, name, equalShares(entry.variants.length + 1)));
              }}
            />
          )}
        </div>
        {published !== undefined && !locked && (
          <p className="muted">
            Com o experimento no ar, as páginas não mudam (quem já viu uma continua vendo a mesma). Para
            testar outra, encerre este e comece outro.
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="exp-datas">
        <h2 id="exp-datas">Datas</h2>
        <p css={{ marginTop: 0 }}>
          Opcionais. Os dias são do <strong>{site.answer!.timeZoneLabel}</strong>, o mesmo relógio que divide
          os visitantes: o primeiro dia começa à meia-noite e o último termina às 23h59. Hoje é{' '}
          {dayWords(site.answer!.today)}.
        </p>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          {(['start', 'end'] as const).map((key) => (
            <div key={key} css={{ display: 'grid', gap: 4 }}>
              <label htmlFor={`exp-${key}`}>{key === 'start' ? 'Primeiro dia' : 'Último dia'}</label>
              <div css={{ display: 'flex', gap: 6 }}>
                <input
                  id={`exp-${key}`}
                  type="date"
                  value={entry[key] ?? ''}
                  disabled={locked}
                  aria-invalid={at(key).length > 0}
                  onChange={(e) => edit((t) => setExperimentField(t, index!, key, e.target.value))}
                />
                {entry[key] && !locked && (
                  <Button
                    tone="quiet"
                    aria-label={`Tirar o ${key === 'start' ? 'primeiro' : 'último'} dia`}
                    onClick={() => edit((t) => setExperimentField(t, index!, key, undefined))}
                  >
                    Tirar
                  </Button>
                )}
              </div>
              <small>
                {key === 'start' ? 'Sem data: começa quando for publicado.' : 'Sem data: até você encerrar.'}
              </small>
              {at(key).map((m) => (
                <p className="problem" key={m}>
                  {m}
                </p>
              ))}
            </div>
          ))}
        </div>
      </section>

      <section className="card" aria-labelledby="exp-salvar">
        <h2 id="exp-salvar">{publishVerb(asks)}</h2>
        <div role="status" aria-live="polite">
          {site.checking ? (
            <p className="muted">Conferindo…</p>
          ) : allProblems.length > 0 ? (
            <div data-problems>
              <p className="problem">
                {allProblems.length === 1 ? '1 problema' : `${allProblems.length} problemas`} em
                pages/_site.yaml (nada é publicado assim):
              </p>
              <ul>
                {allProblems.map((p) => (
                  <li key={`${p.loc.line}:${p.loc.column}:${p.message}`}>
                    {p.message}
                    {p.hint ? ` ${p.hint}` : ''} <small>(linha {p.loc.line})</small>
                  </li>
                ))}
              </ul>
            </div>
          ) : site.check && site.check.otherProblems > 0 ? (
            <p className="problem">
              Outras páginas do site têm problemas ({site.check.otherProblems}): a tela Páginas mostra onde. O
              site só é publicado sem nenhum.
            </p>
          ) : (
            <p className="muted">
              {site.dirty
                ? asks
                  ? 'Sem problemas. Salve e peça a publicação para valer no site.'
                  : 'Sem problemas. Salve e publique para valer no site.'
                : summary?.unpublished
                  ? asks
                    ? 'Salvo. Peça a publicação para valer no site.'
                    : 'Salvo. Publique para valer no site.'
                  : 'Como está no site.'}
            </p>
          )}
        </div>
        {error && <Message tone="error">{error}</Message>}
        {site.saveError && <Message tone="error">{site.saveError}</Message>}
        <div css={[actionsCss, { justifyContent: 'flex-start' }]}>
          <Button
            tone="primary"
            disabled={
              allProblems.length > 0 ||
              (!site.dirty && !summary?.unpublished && unpublishedPages.length === 0)
            }
            onClick={() => void saveThenPublish()}
          >
            {asks
              ? published === undefined
                ? 'Salvar e pedir publicação (começar o teste)…'
                : 'Salvar e pedir publicação…'
              : published === undefined
                ? 'Salvar e publicar (começar o teste)…'
                : 'Salvar e publicar…'}
          </Button>
          <Button disabled={!site.dirty} onClick={() => void site.save()}>
            Só salvar
          </Button>
          <Button
            tone="danger"
            onClick={() => {
              edit((t) => removeExperiment(t, index!));
              setIndex(undefined);
              history.replaceState(null, '', '#/experimentos/novo');
            }}
          >
            {published === undefined ? 'Descartar este experimento' : 'Remover o experimento do site'}
          </Button>
        </div>
      </section>

      {!locked && (
        <DurationEstimate
          route={entry.route}
          pages={[...entry.variants]
            .map((v) => ({
              label: pageOf(v.page)?.route ?? v.page,
              weight: v.weight,
              base: pageOf(v.page)?.route === entry.route,
            }))
            // The route's own page first, as the estimate reads the shares.
            .sort((a, b) => Number(b.base) - Number(a.base))}
        />
      )}

      <Previews entry={entry} pages={pages} />

      {published && (
        <ResultsPanel
          experimentId={entry.id}
          pages={entry.variants.map((v) => ({
            page: v.page,
            label: pageOf(v.page)?.route ?? v.page,
            control: pageOf(v.page)?.route === entry.route,
          }))}
          winner={entry.winner}
          // The summary's winner is the saved one: the site has it only once the state says so.
          publishedWinner={published.state === 'encerrado' ? published.winner : null}
          unpublished={summary?.unpublished ?? false}
          onEnd={(name) => void saveThenPublish((t) => setExperimentField(t, index!, 'winner', name))}
          onConclude={() => setDialog({ kind: 'conclude' })}
          concluded={concluded}
        />
      )}

      {dialog?.kind === 'publish' && (
        <PublishDialog
          focusFiles={dialog.files}
          onClose={() => {
            setDialog(undefined);
            void site.reload();
            void onPagesChanged();
          }}
        />
      )}
      {dialog?.kind === 'conclude' && (
        <ConcludeDialog
          id={entry.id}
          winner={pageOf(entry.winner ?? '')?.route ?? entry.winner ?? ''}
          route={entry.route}
          onClose={(answer) => {
            setDialog(undefined);
            if (answer) {
              setConcluded(answer);
              void site.reload();
              void onPagesChanged();
            }
          }}
        />
      )}
    </>
  );
}

function AddPage({
  candidates,
  baseline,
  onAdd,
  onCreated,
}: {
  candidates: PageSummary[];
  baseline: PageSummary | undefined;
  onAdd: (name: string) => void;
  onCreated: (name: string) => Promise<void>;
}) {
  const [chosen, setChosen] = useState('');
  const [creating, setCreating] = useState(false);
  const [route, setRoute] = useState(() => `${pageName(baseline?.file ?? 'pages/pagina.yaml')}-b`);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <>
      {candidates.length > 0 && (
        <span css={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          <label htmlFor="exp-adicionar" className="visually-hidden">
            Variante para comparar
          </label>
          <select id="exp-adicionar" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">Escolha uma variante…</option>
            {candidates.map((p) => (
              <option key={p.file} value={pageName(p.file)}>
                {p.route}
                {p.title ? ` — ${p.title}` : ''}
              </option>
            ))}
          </select>
          <Button
            disabled={chosen === ''}
            onClick={() => {
              onAdd(chosen);
              setChosen('');
            }}
          >
            Adicionar
          </Button>
        </span>
      )}
      {baseline && (
        <Button onClick={() => setCreating(true)} aria-label={`Criar uma variante de ${baseline.route}…`}>
          Criar uma variante…
        </Button>
      )}
      {creating && baseline && (
        <Dialog title={`Nova variante de ${baseline.route}`} onClose={() => setCreating(false)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setBusy(true);
              setError(undefined);
              api.create({ route, from: pageName(baseline.file) }).then(
                async (created) => {
                  await onCreated(pageName(created.file));
                  setCreating(false);
                  setBusy(false);
                },
                (e: unknown) => {
                  setError(
                    e instanceof ApiFailure
                      ? `${e.message}${e.body.hint ? ` ${e.body.hint}` : ''}`
                      : String(e),
                  );
                  setBusy(false);
                },
              );
            }}
          >
            <div css={{ display: 'grid', gap: 4, marginBottom: 12 }}>
              <label htmlFor="exp-nova-variante">Endereço da variante</label>
              <input
                id="exp-nova-variante"
                value={route}
                autoFocus
                onChange={(e) => setRoute(e.target.value)}
                aria-describedby="exp-nova-variante-ajuda"
              />
              <small id="exp-nova-variante-ajuda">
                Ela herda tudo de {baseline.route}; depois, abra-a em Páginas para mudar o que quiser testar.
                Quem chega a {baseline.route} pelo experimento a vê nesse mesmo endereço.
              </small>
            </div>
            {error && <Message tone="error">{error}</Message>}
            <div css={actionsCss}>
              <Button onClick={() => setCreating(false)}>Cancelar</Button>
              <Button tone="primary" type="submit" disabled={busy || route.trim() === ''}>
                Criar e adicionar
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}

function NewExperiment({
  site,
  pages,
  onCreated,
}: {
  site: SiteDraft;
  pages: PageSummary[];
  onCreated: (index: number) => void;
}) {
  const taken = new Set(readExperiments(site.draft).map((e) => e.route));
  const routes = pages.filter((p) => p.route !== '/404' && !taken.has(p.route) && p.experiment === null);
  const [route, setRoute] = useState('');
  const chosen = routes.find((p) => p.route === route);
  const variants = pages.filter((p) => p.variantOf === route && p.experiment === null);
  return (
    <section className="card" aria-labelledby="novo-titulo">
      <h2 id="novo-titulo">Qual endereço dividir?</h2>
      <p css={{ marginTop: 0 }}>
        Escolha o endereço que recebe os visitantes (o dos anúncios). A página dele é a original; depois você
        escolhe ou cria as variantes para comparar com ela.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen) return;
          const base = pageName(chosen.file);
          const used = new Set(readExperiments(site.draft).map((e) => e.id));
          let id = `${base.replace(/\//g, '-')}-teste`;
          for (let n = 2; used.has(id); n++) id = `${base.replace(/\//g, '-')}-teste-${n}`;
          const first = variants[0];
          const entry: ExperimentDraft = {
            id,
            route: chosen.route,
            variants: first
              ? [
                  { page: base, weight: 50 },
                  { page: pageName(first.file), weight: 50 },
                ]
              : [{ page: base, weight: 100 }],
          };
          site.edit((text) => addExperiment(text, entry));
          onCreated(readExperiments(site.draft).length);
        }}
        css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'end' }}
      >
        {/* Never wider than the card: an option's long title would push a phone's page sideways. */}
        <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, auto)', gap: 4, maxWidth: '100%' }}>
          <label htmlFor="novo-endereco-exp">Endereço</label>
          <select
            id="novo-endereco-exp"
            value={route}
            onChange={(e) => setRoute(e.target.value)}
            css={{ maxWidth: '100%' }}
          >
            <option value="">Escolha…</option>
            {routes.map((p) => (
              <option key={p.file} value={p.route}>
                {p.route}
                {p.title ? ` — ${p.title}` : ''}
              </option>
            ))}
          </select>
        </div>
        <Button tone="primary" type="submit" disabled={!chosen}>
          Continuar
        </Button>
      </form>
      {chosen && (
        <p className="muted">
          {variants.length > 0
            ? `${chosen.route} tem ${variants.length === 1 ? 'uma variante' : `${variants.length} variantes`}: ${variants.map((v) => v.route).join(', ')}.`
            : `${chosen.route} ainda não tem variantes: você cria uma no próximo passo.`}
        </p>
      )}
    </section>
  );
}

/** The experiment's pages side by side, as a phone shows them (the saved text of each). */
function Previews({ entry, pages }: { entry: ExperimentDraft; pages: PageSummary[] }) {
  const files = useMemo(
    () =>
      entry.variants
        .map((v) => pages.find((p) => pageName(p.file) === v.page))
        .filter((p): p is PageSummary => p !== undefined),
    [entry.variants, pages],
  );
  return (
    <section className="card" aria-labelledby="exp-previas">
      <h2 id="exp-previas">As páginas lado a lado, no celular</h2>
      <div
        css={{ display: 'flex', gap: 16, overflowX: 'auto', paddingBottom: 8 }}
        tabIndex={0}
        role="region"
        aria-label="Prévias das páginas do experimento"
      >
        {files.map((page) => (
          <PagePreview key={page.file} page={page} />
        ))}
      </div>
    </section>
  );
}

const NO_SELECTION = { index: -1, scroll: false, seq: 0 };
const NO_INHERITED: number[] = [];

function PagePreview({ page }: { page: PageSummary }) {
  const [html, setHtml] = useState<string>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    api
      .page(page.file)
      .then((answer) => api.preview(page.file, answer.source))
      .then(
        (render) => {
          if (!live) return;
          if (render.ok) setHtml(render.html);
          else setProblem(`${page.route} tem problemas: abra a página para corrigir.`);
        },
        (e: unknown) => live && setProblem(e instanceof Error ? e.message : String(e)),
      );
    return () => {
      live = false;
    };
  }, [page.file, page.route]);
  const state = useMemo(() => ({ html, inherited: NO_INHERITED, stale: false }), [html]);
  return (
    <div css={{ flex: '0 0 300px', height: 560, display: 'flex', flexDirection: 'column' }}>
      {problem ? (
        <Message tone="error">{problem}</Message>
      ) : (
        <PreviewFrame
          width={375}
          label={`${page.route}${page.variantOf ? '' : ' (original)'}`}
          state={state}
          selected={NO_SELECTION}
          onBlockClick={() => {}}
        />
      )}
      <a href={`#/editar/${encodeURIComponent(page.file)}`} css={{ marginTop: 6 }}>
        Editar {page.route}
      </a>
    </div>
  );
}

function ConcludeDialog({
  id,
  winner,
  route,
  onClose,
}: {
  id: string;
  winner: string;
  route: string;
  onClose: (answer?: PublishAnswer) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; output?: string }>();
  const [done, setDone] = useState<PublishAnswer>();
  const sameRoute = winner === route;
  return (
    <Dialog
      title={sameRoute ? 'Encerrar e manter a original' : 'Levar a vencedora para a página'}
      onClose={() => onClose(done)}
    >
      {done ? (
        <div role="status">
          <p css={{ fontWeight: 600, color: colors.waterDark }}>
            Publicado: “{done.message}” ({done.short}).
          </p>
          <p>
            {done.pushed
              ? `Enviado a ${done.remote}/${done.branch}: o site é reconstruído em alguns minutos.`
              : 'Registrado no repositório.'}{' '}
            O Histórico de {route} mostra esta mudança e pode desfazê-la.
          </p>
          <div css={actionsCss}>
            <Button tone="primary" onClick={() => onClose(done)}>
              Fechar
            </Button>
          </div>
        </div>
      ) : (
        <>
          {sameRoute ? (
            <p>
              A página original de {route} venceu. O experimento sai do site; as variantes continuam nas suas
              páginas, e você pode excluí-las em Páginas.
            </p>
          ) : (
            <p>
              Numa só publicação: {route} recebe o conteúdo de {winner} (os blocos que a variante não mudou
              ficam exatamente como estão), a variante {winner} é excluída e o experimento “{id}” sai do site.
              O site inteiro é conferido antes, inclusive as outras variantes de {route}.
            </p>
          )}
          {error && (
            <>
              <Message tone="error">{error.message}</Message>
              {error.output && (
                <pre css={{ maxHeight: 200, overflow: 'auto', fontSize: 12, background: colors.surfaceAlt }}>
                  {error.output}
                </pre>
              )}
            </>
          )}
          <div css={actionsCss}>
            <Button onClick={() => onClose()}>Cancelar</Button>
            <Button
              tone="primary"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                setError(undefined);
                api.conclude({ id }).then(
                  (answer) => {
                    setDone(answer);
                    setBusy(false);
                  },
                  (e: unknown) => {
                    setBusy(false);
                    setError(
                      e instanceof ApiFailure
                        ? {
                            message: `${e.message}${e.body.hint ? ` ${String(e.body.hint)}` : ''}`,
                            output: typeof e.body.output === 'string' ? e.body.output : undefined,
                          }
                        : { message: String(e) },
                    );
                  },
                );
              }}
            >
              {busy ? 'Conferindo o site e publicando…' : 'Publicar'}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
