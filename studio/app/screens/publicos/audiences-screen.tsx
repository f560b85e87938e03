/**
 * Públicos (issue 38, point 4; decision 0046): the rules of pages/_site.yaml's `audiences:` by
 * route, each in words ("Quem chega com utm_campaign = natal vê /agendamento-natal em
 * /agendamento"), added, changed, reordered and removed with a form; the loader's problems of the
 * draft next to the rule they are about; and "como um visitante desta campanha vê" the route: the
 * preview frame with the rule's page. Edits are node by node (audience-edits.ts), the draft is
 * saved and published like Experimentos' (the ordinary Publicar).
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii, shadows } from '../../../../design/theme.ts';
import { isPaidTraffic } from '../../../../schema/constants.ts';
import type { PageSummary } from '../../../api.ts';
import type { SchedulesAnswer } from '../../../schedules-api.ts';
import {
  CONDITION_KEYS,
  exampleLink,
  formOf,
  readAudiences,
  ruleFromForm,
  ruleWords,
  whoWords,
  type AudienceRule,
  type RuleForm,
  type RuleFormErrors,
  type ScheduledAudiencesAnswer,
} from '../../../audiences.ts';
import { offsetOf, pathAt } from '../../../yaml-paths.ts';
import { api, call } from '../../shared/api-client.ts';
import { scheduleName, schedulesApi, schedulesOf } from '../../shared/schedules-client.ts';
import { PreviewFrame } from '../../shared/preview-frame.tsx';
import { readSetting } from '../../shared/site-edits.ts';
import { actionsCss, Button, Dialog, fieldCss, Message } from '../../shared/ui.tsx';
import { problemsByPath, useSiteDraft, type SiteDraft } from '../../shared/use-site.ts';
import { PublishDialog } from '../publicar/index.ts';
import { addAudience, changeAudience, moveAudience, neighbourOf, removeAudience } from './audience-edits.ts';
import { testLink, type LinkVerdict } from './link-test.ts';
import { ScreenHeader } from '../../shared/screen-header.tsx';
import { usePublishAsks } from '../../shared/publish-words.ts';

const screenCss = css`
  max-width: 1240px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  h1 {
    font-size: 1.6rem;
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
    min-width: 0;
  }
  .muted,
  small {
    color: ${colors.muted};
  }
  .problem {
    color: ${colors.orangeHover};
    font-weight: 600;
    margin: 6px 0 0;
  }
  code {
    overflow-wrap: anywhere;
  }
  /* A long page title in an option never widens the screen. */
  select {
    width: 100%;
    max-width: 100%;
    min-width: 0;
  }
  @media (max-width: 600px) {
    padding: 16px 8px 40px;
    section.card {
      padding: 14px 12px;
    }
  }
`;

const layoutCss = css`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 1000px) {
    grid-template-columns: minmax(0, 1fr) 400px;
    align-items: start;
  }
`;

const ruleCss = css`
  list-style: none;
  margin: 0;
  padding: 12px 0;
  border-top: 1px solid ${colors.line};
  &[data-chosen='true'] {
    box-shadow: inset 4px 0 0 ${colors.orange};
    padding-left: 12px;
  }
  .words {
    font: 600 16px/1.45 ${fonts.display};
    color: ${colors.navy};
    margin: 0;
  }
  .number {
    display: inline-block;
    min-width: 1.6em;
    color: ${colors.muted};
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin-top: 8px;
  }
  &[aria-invalid='true'] .words {
    color: ${colors.orangeHover};
  }
`;

const pageName = (file: string) => file.replace(/^pages\//, '').replace(/\.yaml$/, '');

/** What the preview shows: a rule (its position) or the route's own page, and for a tested link whether its visitor is paid traffic. */
type Chosen = { route: string; index: number | null; paid?: boolean };

type Editing = { kind: 'new'; route: string } | { kind: 'change'; index: number } | undefined;

export function AudiencesScreen() {
  const site = useSiteDraft();
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
      <ScreenHeader title="Públicos" />
      {site.loadError && <Message tone="error">{site.loadError}</Message>}
      {pagesError && <Message tone="error">{pagesError}</Message>}
      {!site.answer && !site.loadError && <Message tone="info">Carregando…</Message>}
      {site.answer && pages && <Audiences site={site} pages={pages} onPagesChanged={reloadPages} />}
    </main>
  );
}

function Audiences({
  site,
  pages,
  onPagesChanged,
}: {
  site: SiteDraft;
  pages: PageSummary[];
  onPagesChanged: () => Promise<void>;
}) {
  const rules = readAudiences(site.draft);
  const [editing, setEditing] = useState<Editing>();
  const [publishing, setPublishing] = useState(false);
  const asks = usePublishAsks();
  /** The rule the preview shows (its position), or the route's own page for visitors no rule matches. */
  const [chosen, setChosen] = useState<Chosen>();
  const [newRoute, setNewRoute] = useState('');
  /**
   * Where the keyboard goes after a move or a removal re-renders the list: the moved rule's same
   * button (the items are keyed by position, so the focused button would otherwise be another
   * rule's), or what is left after a removal. Candidates in order; the first enabled one found wins.
   */
  const [focusNext, setFocusNext] = useState<{ selectors: string[] }>();
  // State, not a ref, so it is read in the commit of the very change it belongs to: an effect
  // still pending from an earlier render (a check's answer arriving just before the click) ran
  // with the ref already set and the old list on screen, focused a button about to disappear,
  // and the keyboard was lost. A new object per request runs this once per move or removal. A
  // passive effect, so it runs after a closing dialog has given the focus back to its opener.
  useEffect(() => {
    if (!focusNext) return;
    for (const selector of focusNext.selectors) {
      const target = document.querySelector<HTMLElement>(selector);
      if (target && !(target as HTMLButtonElement).disabled) {
        target.focus();
        return;
      }
    }
  }, [focusNext]);

  const pageByName = (name: string) => pages.find((p) => pageName(p.file) === name);
  const ownPage = (route: string) => pages.find((p) => p.route === route && p.route !== '/404');
  const routeOf = (name: string) => pageByName(name)?.route;

  const pathOf = (line: number, column: number) => pathAt(site.draft, offsetOf(site.draft, line, column));
  const problems = problemsByPath(site.check, pathOf);
  const problemsOf = (index: number) =>
    [...problems.entries()]
      .filter(([key]) => key === `audiences.${index}` || key.startsWith(`audiences.${index}.`))
      .flatMap(([, list]) => list);
  const elsewhere = [...problems.entries()]
    .filter(([key]) => !/^audiences\.\d+(\.|$)/.test(key))
    .flatMap(([key, list]) => list.map((m) => ({ key, message: m })));

  const routes = [...new Set(rules.map((r) => r.route))];
  const host = readSetting(site.draft, ['host']);
  const experiments = site.check?.experiments ?? site.answer!.experiments;
  const unpublishedPages = [
    ...new Set(
      rules
        .map((r) => pageByName(r.page))
        .filter((p): p is PageSummary => p !== undefined && p.unpublished)
        .map((p) => p.file),
    ),
  ];
  const published = site.answer!.published;
  const savedNotPublished = published !== null && site.answer!.source !== published;
  const allProblems = site.check?.problems ?? [];

  const preview = chosen ?? (rules[0] ? { route: rules[0].route, index: 0 } : undefined);
  const previewRule = preview?.index != null ? rules[preview.index] : undefined;

  const candidateRoutes = pages.filter(
    (p) => p.route !== '/404' && !p.variantOf && !routes.includes(p.route),
  );

  return (
    <>
      <p css={{ maxWidth: '75ch', marginTop: 0 }}>
        Um público é quem chega por um anúncio: pela campanha do link (<code>utm_campaign</code>), pela origem
        (<code>utm_source</code>), pelo meio (<code>utm_medium</code>), por um clique num anúncio do Google (
        <code>gclid</code>) ou pelo site de onde veio. Quem se encaixa numa regra vê, no mesmo endereço, a
        página feita para aquele anúncio, e continua nela a visita inteira; quem não se encaixa em nenhuma vê
        a página do endereço (ou entra no experimento dele). As regras de um endereço valem na ordem da lista:
        a primeira que combinar decide.
      </p>
      <ScheduledSite routeOf={routeOf} />
      {host === 'estatico' && (
        <Message tone="error">
          O site está marcado como host estático (<code>host: estatico</code>): lá nenhum código roda na hora
          da visita, então nenhum público recebe a sua página. Os públicos só funcionam na Cloudflare, na
          Netlify ou na Vercel.
        </Message>
      )}
      <div css={layoutCss}>
        <div css={{ minWidth: 0 }}>
          {routes.length === 0 && (
            <Message tone="info">
              Nenhum público ainda: escolha abaixo o endereço que os anúncios trazem.
            </Message>
          )}
          {routes.map((route) => {
            const own = ownPage(route);
            const ofRoute = rules.filter((r) => r.route === route);
            const experiment = experiments.find((e) => e.route === route && e.state !== 'encerrado');
            return (
              <section
                key={route}
                className="card"
                aria-labelledby={`publico-${route}`}
                data-audience-route={route}
              >
                <h2 id={`publico-${route}`}>{route}</h2>
                <p className="muted" css={{ margin: '0 0 4px' }}>
                  {own
                    ? `A página do endereço: ${own.title ?? pageName(own.file)}.`
                    : 'Nenhuma página responde neste endereço.'}
                </p>
                <ol css={{ margin: 0, padding: 0 }} aria-label={`Regras de ${route}, na ordem em que valem`}>
                  {ofRoute.map((rule, k) => (
                    <RuleItem
                      key={rule.index}
                      rule={rule}
                      number={k + 1}
                      pageRoute={routeOf(rule.page)}
                      problems={problemsOf(rule.index)}
                      chosen={previewRule?.index === rule.index}
                      canUp={neighbourOf(site.draft, rule.index, -1) !== undefined}
                      canDown={neighbourOf(site.draft, rule.index, 1) !== undefined}
                      onPreview={() => {
                        setChosen({ route, index: rule.index });
                        // On a phone the preview is below the rules: bring it into view.
                        if (!matchMedia('(min-width: 1000px)').matches)
                          document.getElementById('publico-previa')?.scrollIntoView({ block: 'start' });
                      }}
                      onChange={() => setEditing({ kind: 'change', index: rule.index })}
                      onMove={(direction) => {
                        const to = neighbourOf(site.draft, rule.index, direction);
                        if (to === undefined) return;
                        site.edit((t) => moveAudience(t, rule.index, to));
                        const side = direction < 0 ? 'subir' : 'descer';
                        const other = direction < 0 ? 'descer' : 'subir';
                        setFocusNext({
                          selectors: [
                            `[data-rule="${to}"] [data-move="${side}"]`,
                            `[data-rule="${to}"] [data-move="${other}"]`,
                          ],
                        });
                        if (previewRule?.index === rule.index) setChosen({ route, index: to });
                        else if (previewRule?.index === to) setChosen({ route, index: rule.index });
                      }}
                      onRemove={() => {
                        site.edit((t) => removeAudience(t, rule.index));
                        setChosen(undefined);
                        // The rule now in its place, else the one before it, else the route's
                        // "Nova regra", else (the route had only this one) the choice of address.
                        const same = ofRoute.map((r) => r.index);
                        const at = same.indexOf(rule.index);
                        setFocusNext({
                          selectors: [
                            ...(at + 1 < same.length
                              ? [`[data-rule="${rule.index}"] [data-move="remover"]`]
                              : []),
                            ...(at > 0 ? [`[data-rule="${same[at - 1]}"] [data-move="remover"]`] : []),
                            `[data-new-rule="${route}"]`,
                            '#publico-endereco',
                          ],
                        });
                      }}
                    />
                  ))}
                  <li css={ruleCss} data-fallback>
                    <p className="muted" css={{ margin: 0 }}>
                      {experiment
                        ? `Quem não se encaixa em nenhuma regra entra no experimento “${experiment.id}” de ${route}, dividido entre ${experiment.pages.map((p) => p.route ?? p.page).join(', ')}.`
                        : `Quem não se encaixa em nenhuma regra vê a página de ${route}.`}
                    </p>
                  </li>
                </ol>
                <div css={{ marginTop: 8 }}>
                  <Button data-new-rule={route} onClick={() => setEditing({ kind: 'new', route })}>
                    + Nova regra para {route}
                  </Button>
                </div>
              </section>
            );
          })}

          <section className="card" aria-labelledby="publico-novo-endereco">
            <h2 id="publico-novo-endereco">{routes.length === 0 ? 'Primeiro público' : 'Outro endereço'}</h2>
            <form
              css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'end' }}
              onSubmit={(event) => {
                event.preventDefault();
                if (newRoute) setEditing({ kind: 'new', route: newRoute });
              }}
            >
              <div css={[fieldCss, { marginBottom: 0, flex: '1 1 280px', minWidth: 0 }]}>
                <label htmlFor="publico-endereco">Endereço que os anúncios trazem</label>
                <select id="publico-endereco" value={newRoute} onChange={(e) => setNewRoute(e.target.value)}>
                  <option value="">Escolha…</option>
                  {candidateRoutes.map((p) => (
                    <option key={p.file} value={p.route}>
                      {p.route}
                      {p.title ? ` — ${p.title}` : ''}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" tone="primary" disabled={newRoute === ''} css={{ minHeight: 44 }}>
                Nova regra…
              </Button>
            </form>
          </section>

          <section className="card" aria-labelledby="publico-publicar">
            <h2 id="publico-publicar">{asks ? 'Salvar e pedir publicação' : 'Salvar e publicar'}</h2>
            <p css={{ marginTop: 0 }} data-audiences-state>
              {site.dirty
                ? 'Há mudanças nas regras que ainda não foram salvas.'
                : savedNotPublished || unpublishedPages.length > 0
                  ? asks
                    ? 'As regras salvas ainda não estão no site: peça a publicação para valerem.'
                    : 'As regras salvas ainda não estão no site: publique para valerem.'
                  : 'As regras desta tela são as que estão no site.'}
            </p>
            {elsewhere.length > 0 && (
              <div role="alert" data-site-problems>
                <p className="problem" css={{ marginTop: 0 }}>
                  Problemas em pages/_site.yaml que impedem de publicar:
                </p>
                <ul css={{ margin: '4px 0 8px', paddingLeft: 20 }}>
                  {elsewhere.map((p) => (
                    <li key={`${p.key}-${p.message}`} className="problem">
                      {p.message}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {site.saveError && <Message tone="error">{site.saveError}</Message>}
            <div css={[actionsCss, { justifyContent: 'flex-start' }]}>
              <Button
                tone="primary"
                disabled={
                  allProblems.length > 0 ||
                  site.checking ||
                  (!site.dirty && !savedNotPublished && unpublishedPages.length === 0)
                }
                aria-describedby={allProblems.length > 0 ? 'publico-bloqueio' : undefined}
                onClick={() =>
                  void (async () => {
                    if (site.dirty && !(await site.save())) return;
                    setPublishing(true);
                  })()
                }
              >
                {asks ? 'Salvar e pedir publicação…' : 'Salvar e publicar…'}
              </Button>
              <Button disabled={!site.dirty} onClick={() => void site.save()}>
                Só salvar
              </Button>
              <Button tone="quiet" disabled={!site.dirty} onClick={() => site.discard()}>
                Descartar as mudanças
              </Button>
            </div>
            {allProblems.length > 0 && (
              <p id="publico-bloqueio" className="muted" css={{ marginBottom: 0 }}>
                Corrija {allProblems.length === 1 ? 'o problema' : `os ${allProblems.length} problemas`} para
                publicar.
              </p>
            )}
          </section>
        </div>

        <aside aria-labelledby="publico-previa">
          <LinkTester
            rules={rules}
            origin={readSetting(site.draft, ['origin']) ?? ''}
            routeOf={routeOf}
            experimentOf={(route) =>
              experiments.find((e) => e.route === route && e.state !== 'encerrado')?.id
            }
            onResult={(route, rule, paid) => setChosen({ route, index: rule?.index ?? null, paid })}
          />
          <AudiencePreview
            rules={rules}
            chosen={preview}
            pages={pages}
            onChoose={setChosen}
            ownPage={ownPage}
            routeOf={routeOf}
          />
        </aside>
      </div>

      {editing && (
        <RuleDialog
          editing={editing}
          rules={rules}
          pages={pages}
          experimentPages={(route) =>
            experiments
              .filter((e) => e.route === route && e.state !== 'encerrado')
              .flatMap((e) => e.pages.map((p) => p.page))
          }
          onClose={() => setEditing(undefined)}
          onDone={(rule) => {
            const index = editing.kind === 'new' ? rules.length : editing.index;
            if (editing.kind === 'new') site.edit((t) => addAudience(t, rule));
            else site.edit((t) => changeAudience(t, editing.index, rule));
            setChosen({ route: rule.route, index });
            // The keyboard lands on the rule just written.
            setFocusNext({ selectors: [`[data-rule="${index}"] [data-move="mudar"]`] });
            setEditing(undefined);
          }}
        />
      )}
      {publishing && (
        <PublishDialog
          focusFiles={['pages/_site.yaml', ...unpublishedPages]}
          onClose={() => {
            setPublishing(false);
            void site.reload();
            void onPagesChanged();
          }}
        />
      )}
    </>
  );
}

function RuleItem({
  rule,
  number,
  pageRoute,
  problems,
  chosen,
  canUp,
  canDown,
  onPreview,
  onChange,
  onMove,
  onRemove,
}: {
  rule: AudienceRule;
  number: number;
  pageRoute: string | undefined;
  problems: string[];
  chosen: boolean;
  canUp: boolean;
  canDown: boolean;
  onPreview: () => void;
  onChange: () => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}) {
  const words = ruleWords(rule, pageRoute);
  const id = `regra-${rule.index}`;
  return (
    <li
      css={ruleCss}
      data-rule={rule.index}
      data-chosen={chosen}
      aria-invalid={problems.length > 0 || undefined}
      aria-labelledby={`${id}-palavras`}
    >
      <p className="words" id={`${id}-palavras`}>
        <span className="number">{number}.</span>
        {words}
      </p>
      {(rule.when.utm_campaign ?? rule.when.utm_source ?? rule.when.utm_medium) !== undefined && (
        <p className="muted" css={{ margin: '2px 0 0', fontSize: 14 }}>
          Link de exemplo: <code>{exampleLink(rule)}</code>
        </p>
      )}
      {problems.map((m) => (
        <p className="problem" key={m} data-rule-problem>
          {m}
        </p>
      ))}
      <div className="buttons">
        <Button onClick={onPreview} aria-pressed={chosen} aria-describedby={`${id}-palavras`}>
          Ver como este visitante vê
        </Button>
        <Button data-move="mudar" onClick={onChange} aria-label={`Mudar a regra ${number} de ${rule.route}`}>
          Mudar…
        </Button>
        <Button
          tone="quiet"
          disabled={!canUp}
          data-move="subir"
          onClick={() => onMove(-1)}
          aria-label={`Subir a regra ${number} de ${rule.route} (vale antes)`}
        >
          ↑ Subir
        </Button>
        <Button
          tone="quiet"
          disabled={!canDown}
          data-move="descer"
          onClick={() => onMove(1)}
          aria-label={`Descer a regra ${number} de ${rule.route} (vale depois)`}
        >
          ↓ Descer
        </Button>
        <Button
          tone="danger"
          data-move="remover"
          onClick={onRemove}
          aria-label={`Remover a regra ${number} de ${rule.route}`}
        >
          Remover
        </Button>
      </div>
    </li>
  );
}

const CONDITION_LABELS: Record<
  Exclude<(typeof CONDITION_KEYS)[number], 'gclid'>,
  { label: string; help: string }
> = {
  utm_campaign: {
    label: 'Campanha (utm_campaign)',
    help: 'O nome da campanha no link do anúncio, como natal.',
  },
  utm_source: {
    label: 'Origem (utm_source)',
    help: 'De onde vem o anúncio, como google, facebook ou instagram.',
  },
  utm_medium: { label: 'Meio (utm_medium)', help: 'O tipo de anúncio, como cpc, email ou social.' },
  referrer: {
    label: 'Veio do site…',
    help: 'O site de onde o visitante clicou, como facebook.com (vale também para m.facebook.com).',
  },
};

function RuleDialog({
  editing,
  rules,
  pages,
  experimentPages,
  onClose,
  onDone,
}: {
  editing: NonNullable<Editing>;
  rules: AudienceRule[];
  pages: PageSummary[];
  experimentPages: (route: string) => string[];
  onClose: () => void;
  onDone: (rule: Omit<AudienceRule, 'index'>) => void;
}) {
  const current = editing.kind === 'change' ? rules[editing.index] : undefined;
  const route = current?.route ?? (editing.kind === 'new' ? editing.route : '');
  const [form, setForm] = useState<RuleForm>(() => formOf(current ?? { route, page: '', when: {} }));
  const [errors, setErrors] = useState<RuleFormErrors>({});
  const own = pages.find((p) => p.route === route && p.route !== '/404');
  const inExperiment = new Set(experimentPages(route));
  const variants = pages.filter((p) => p.variantOf === route && !inExperiment.has(pageName(p.file)));
  const others = pages.filter(
    (p) =>
      p.variantOf !== route && p.route !== route && p.route !== '/404' && !inExperiment.has(pageName(p.file)),
  );
  const number = current ? rules.filter((r) => r.route === route).indexOf(current) + 1 : undefined;
  const set = (key: keyof RuleForm, value: string | boolean) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field changed: its refusal (and "no condition") is for the old value.
    setErrors(({ [key]: _field, when: _when, ...rest }) => rest);
  };
  const preview = ruleFromForm(form, {
    names: new Set(pages.map((p) => pageName(p.file))),
    ownPage: own ? pageName(own.file) : undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ('errors' in preview) {
      setErrors(preview.errors);
      // The first field with a problem gets the focus (its message is its description).
      const first = (['page', ...CONDITION_KEYS] as const).find((k) => preview.errors[k]);
      const field = document.getElementById(first ? `regra-${first}` : 'regra-utm_campaign');
      field?.focus();
      // Above the dialog's row of buttons, which stays stuck to its bottom edge.
      field?.scrollIntoView({ block: 'center' });
      return;
    }
    onDone(preview.rule);
  };
  const field = (key: Exclude<(typeof CONDITION_KEYS)[number], 'gclid'>) => (
    <div css={fieldCss} key={key}>
      <label htmlFor={`regra-${key}`}>{CONDITION_LABELS[key].label}</label>
      <input
        id={`regra-${key}`}
        value={form[key]}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`regra-${key}-ajuda${errors[key] ? ` regra-${key}-erro` : ''}`}
        onChange={(e) => set(key, e.target.value)}
      />
      <small id={`regra-${key}-ajuda`}>{CONDITION_LABELS[key].help}</small>
      {errors[key] && (
        <p className="problem" id={`regra-${key}-erro`} css={problemCss}>
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <Dialog
      title={current ? `Mudar a regra ${number} de ${route}` : `Nova regra para ${route}`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <div css={fieldCss}>
          <label htmlFor="regra-page">Página que esse público vê em {route}</label>
          <select
            id="regra-page"
            value={form.page}
            aria-invalid={errors.page ? true : undefined}
            aria-describedby={`regra-page-ajuda${errors.page ? ' regra-page-erro' : ''}`}
            onChange={(e) => set('page', e.target.value)}
          >
            <option value="">Escolha…</option>
            {variants.length > 0 && (
              <optgroup label={`Variantes de ${route}`}>
                {variants.map((p) => (
                  <option key={p.file} value={pageName(p.file)}>
                    {p.route}
                    {p.title ? ` — ${p.title}` : ''}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label="Outras páginas">
              {others.map((p) => (
                <option key={p.file} value={pageName(p.file)}>
                  {p.route}
                  {p.title ? ` — ${p.title}` : ''}
                </option>
              ))}
            </optgroup>
          </select>
          <small id="regra-page-ajuda">
            O visitante a vê no endereço {route}, sem mudar de link.
            {inExperiment.size > 0 &&
              ' As páginas do experimento deste endereço não aparecem: um visitante seria contado duas vezes.'}
            {variants.length === 0 && ` ${route} ainda não tem variantes: crie uma em Páginas.`}
          </small>
          {errors.page && (
            <p className="problem" id="regra-page-erro" css={problemCss}>
              {errors.page}
            </p>
          )}
        </div>
        <fieldset css={{ border: 0, padding: 0, margin: 0 }} aria-describedby="regra-quando-ajuda">
          <legend css={{ font: `600 16px/1.4 ${fonts.display}`, color: colors.navy, marginBottom: 4 }}>
            Quem é esse público
          </legend>
          <p id="regra-quando-ajuda" className="muted" css={{ marginTop: 0 }}>
            Preencha só o que importa: a regra vale para quem combina com tudo o que estiver preenchido
            (letras maiúsculas e minúsculas tanto faz).
          </p>
          {field('utm_campaign')}
          {field('utm_source')}
          {field('utm_medium')}
          {/* The label holds the box: its whole 44 px row takes the tap, not only its words. */}
          <div css={fieldCss}>
            <label css={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 44, cursor: 'pointer' }}>
              <input
                type="checkbox"
                id="regra-gclid"
                checked={form.gclid}
                onChange={(e) => set('gclid', e.target.checked)}
                css={{ width: 24, height: 24, margin: 0, flex: 'none' }}
              />
              Veio de um anúncio do Google (gclid)
            </label>
          </div>
          {field('referrer')}
          {errors.when && (
            <p className="problem" role="alert" css={problemCss}>
              {errors.when}
            </p>
          )}
        </fieldset>
        <p css={{ margin: '0 0 16px' }} aria-live="polite" data-rule-draft-words>
          {'rule' in preview ? (
            <strong>
              {ruleWords(preview.rule, pages.find((p) => pageName(p.file) === preview.rule.page)?.route)}
            </strong>
          ) : (
            <span className="muted">{whoWords(ruleFromFormLenient(form))} vê …</span>
          )}
        </p>
        <div css={actionsCss}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button tone="primary" type="submit">
            {current ? 'Mudar a regra' : 'Adicionar a regra'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const problemCss = css`
  color: ${colors.orangeHover};
  font-weight: 600;
  margin: 2px 0 0;
`;

/** The conditions as typed so far, for the words under the form (nothing refused yet). */
function ruleFromFormLenient(form: RuleForm) {
  const when: AudienceRule['when'] = {};
  for (const key of ['utm_campaign', 'utm_source', 'utm_medium'] as const)
    if (form[key].trim() !== '') when[key] = form[key].trim();
  if (form.gclid) when.gclid = true;
  if (form.referrer.trim() !== '') when.referrer = form.referrer.trim();
  return when;
}

/**
 * The rules live in _site.yaml: a scheduled change of that file (Agendar) changes them at its hour.
 * Said here, with the way to Agendamentos, so nobody edits rules that a schedule will replace.
 */
function ScheduledSite({ routeOf }: { routeOf: (name: string) => string | undefined }) {
  const [list, setList] = useState<SchedulesAnswer>();
  const [rules, setRules] = useState<ScheduledAudiencesAnswer>();
  useEffect(() => {
    // Outside git nothing is scheduled: nothing to say.
    schedulesApi.list().then(setList, () => setList(undefined));
    call<ScheduledAudiencesAnswer>('GET', '/api/publicos/agendados').then(setRules, () =>
      setRules(undefined),
    );
  }, []);
  const found = schedulesOf(list, 'pages/_site.yaml');
  if (found.length === 0) return null;
  return (
    <div
      role="status"
      data-scheduled-site
      css={{
        border: `1px solid ${colors.orange}`,
        background: colors.orangeLight,
        borderRadius: radii.sm,
        padding: '8px 12px',
        margin: '0 0 16px',
      }}
    >
      {found.map((s) => {
        const scheduled = rules?.schedules.find((r) => r.id === s.id)?.rules;
        return (
          <div key={s.id} data-scheduled-audiences={s.id}>
            <p css={{ margin: '2px 0' }}>
              {s.state === 'no-ar'
                ? `Agora está no ar a versão agendada das configurações do site (${scheduleName(s)})${s.endWords ? `, até ${s.endWords}` : ''}: as regras abaixo são as que ${s.endWords ? 'voltam depois' : 'ela substituiu'}.`
                : `Em ${s.startWords}${s.endWords ? ` (até ${s.endWords})` : ''}, as configurações do site mudam (${scheduleName(s)}), e com elas as regras de Públicos.`}{' '}
              <a href="#/agendamentos">Ver em Agendamentos</a>
            </p>
            {scheduled && (
              <>
                <p css={{ margin: '4px 0 0', fontWeight: 600 }}>
                  {s.state === 'no-ar' ? 'As regras no ar agora:' : 'As regras a partir de então:'}
                </p>
                {scheduled.length === 0 ? (
                  <p css={{ margin: 0 }}>Nenhuma: todo visitante vê a página de cada endereço.</p>
                ) : (
                  <ul css={{ margin: '2px 0 4px', paddingLeft: 20 }}>
                    {scheduled.map((r) => (
                      <li key={r.index}>{ruleWords(r, routeOf(r.page))}</li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * "Testar o link de um anúncio": paste the ad's address (and, optionally, the site the visitor
 * comes from) and see which rule of the draft it gets, decided by the edge's own code; the
 * preview then shows that page.
 */
function LinkTester({
  rules,
  origin,
  routeOf,
  experimentOf,
  onResult,
}: {
  rules: AudienceRule[];
  origin: string;
  routeOf: (name: string) => string | undefined;
  experimentOf: (route: string) => string | undefined;
  onResult: (route: string, rule: AudienceRule | undefined, paid: boolean) => void;
}) {
  const [link, setLink] = useState('');
  const [from, setFrom] = useState('');
  /** The link tested last: its verdict is worked out again as the rules change. */
  const [tested, setTested] = useState<{ link: string; from: string }>();
  const verdict: LinkVerdict | undefined = tested && testLink(tested.link, tested.from, rules, origin);
  const carried = (v: Extract<LinkVerdict, { route: string }>) => {
    const a = v.attributes;
    const parts = [
      ...(['utm_campaign', 'utm_source', 'utm_medium'] as const)
        .filter((k) => a[k] !== undefined)
        .map((k) => `${k} = ${a[k]}`),
      ...(a.gclid ? ['gclid'] : []),
      ...(a.ref ? [`vindo de ${a.ref}`] : []),
    ];
    return parts.length > 0 ? `O link traz ${parts.join(', ')}.` : 'O link não traz nada de campanha.';
  };
  return (
    <section className="card" aria-labelledby="publico-testar" data-link-test>
      <h2 id="publico-testar">Testar o link de um anúncio</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const next = testLink(link, from, rules, origin);
          setTested({ link, from });
          if ('route' in next) onResult(next.route, next.rule, next.paid);
        }}
      >
        <div css={[fieldCss, { marginBottom: 8 }]}>
          <label htmlFor="publico-link">Link do anúncio</label>
          <input
            id="publico-link"
            value={link}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://…/agendamento?utm_campaign=natal"
            onChange={(e) => setLink(e.target.value)}
          />
        </div>
        <div css={[fieldCss, { marginBottom: 8 }]}>
          <label htmlFor="publico-link-origem">Veio do site (opcional)</label>
          <input
            id="publico-link-origem"
            value={from}
            autoComplete="off"
            spellCheck={false}
            placeholder="facebook.com"
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={link.trim() === ''}>
          Testar
        </Button>
      </form>
      <div aria-live="polite" data-link-verdict>
        {verdict &&
          ('error' in verdict ? (
            <p className="problem">{verdict.error}</p>
          ) : (
            <p css={{ margin: '8px 0 0' }}>
              {carried(verdict)}{' '}
              <strong>
                {verdict.rule
                  ? `Vê ${routeOf(verdict.rule.page) ?? verdict.rule.page} em ${verdict.route} (regra ${rules.filter((r) => r.route === verdict.route).findIndex((r) => r.index === verdict.rule!.index) + 1}).`
                  : experimentOf(verdict.route)
                    ? `Nenhuma regra vale: entra no experimento “${experimentOf(verdict.route)}” de ${verdict.route}.`
                    : `Nenhuma regra vale: vê a página de ${verdict.route}.`}
              </strong>
            </p>
          ))}
      </div>
    </section>
  );
}

/**
 * Why the preview cannot show the page, located: the render's first problem (which may be in
 * another file: a saved _site.yaml with a problem stops every page's render).
 */
function renderFailure(
  route: string,
  problems: readonly { message: string; loc: { file: string; line: number } }[],
) {
  const first = problems[0];
  if (!first) return `A prévia de ${route} não abriu: abra a página para ver o que falta.`;
  const more = problems.length > 1 ? ` (e mais ${problems.length - 1})` : '';
  return `A prévia de ${route} espera um problema ser corrigido${more}: ${first.loc.file}, linha ${first.loc.line}: ${first.message}`;
}

const NO_SELECTION = { index: -1, scroll: false, seq: 0 };
const NO_INHERITED: number[] = [];

/**
 * "Como um visitante desta campanha vê /agendamento": the preview frame with the page the rule
 * serves at the route (its saved text), as a visitor of the ad meets it (one who came from a paid
 * Google ad does not see what is hidden from paid traffic), and a thin label naming the rule.
 */
function AudiencePreview({
  rules,
  chosen,
  pages,
  onChoose,
  ownPage,
  routeOf,
}: {
  rules: AudienceRule[];
  chosen: Chosen | undefined;
  pages: PageSummary[];
  onChoose: (chosen: Chosen) => void;
  ownPage: (route: string) => PageSummary | undefined;
  routeOf: (name: string) => string | undefined;
}) {
  const [wide, setWide] = useState(false);
  const rule = chosen?.index != null ? rules[chosen.index] : undefined;
  const route = chosen?.route ?? rule?.route;
  const page = rule ? pages.find((p) => pageName(p.file) === rule.page) : route ? ownPage(route) : undefined;
  const [html, setHtml] = useState<{ file: string; html: string }>();
  /** A render that failed, for the page it was about. */
  const [failed, setFailed] = useState<{ file: string; text: string }>();
  const problem = failed?.file === page?.file ? failed?.text : undefined;
  useEffect(() => {
    if (!page) return;
    let live = true;
    api
      .page(page.file)
      .then((answer) => api.preview(page.file, answer.source))
      .then(
        (render) => {
          if (!live) return;
          if (render.ok) setHtml({ file: page.file, html: render.html });
          else setFailed({ file: page.file, text: renderFailure(page.route, render.problems) });
        },
        (e: unknown) =>
          live && setFailed({ file: page.file, text: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [page]);
  const state = useMemo(
    () => ({
      html: html?.file === page?.file ? html?.html : undefined,
      inherited: NO_INHERITED,
      stale: false,
    }),
    [html, page?.file],
  );
  // A tested link says itself; a rule implies it (gclid, utm_source = google).
  const paid =
    chosen?.paid ??
    (rule
      ? isPaidTraffic(exampleLink(rule).replace(/^[^?]*/, '') + (rule.when.gclid ? '&gclid=1' : ''))
      : false);
  const sameRoute = rules.filter((r) => r.route === route);
  const number = rule ? sameRoute.indexOf(rule) + 1 : undefined;

  if (!route)
    return (
      <section className="card">
        <h2 id="publico-previa">Como um visitante vê</h2>
        <p className="muted">Adicione uma regra para ver a página como o visitante da campanha a vê.</p>
      </section>
    );
  return (
    <section className="card" data-audience-preview>
      <h2 id="publico-previa">
        {rule ? 'Como um visitante desta campanha vê' : 'Como quem não se encaixa vê'} {route}
      </h2>
      <div css={[fieldCss, { marginBottom: 8 }]}>
        <label htmlFor="publico-previa-regra">Visitante</label>
        <select
          id="publico-previa-regra"
          value={rule ? String(rule.index) : ''}
          onChange={(e) => onChoose({ route, index: e.target.value === '' ? null : Number(e.target.value) })}
        >
          {sameRoute.map((r, k) => (
            <option key={r.index} value={String(r.index)}>
              Regra {k + 1}: {whoWords(r.when).replace(/^Quem chega /, '')}
            </option>
          ))}
          <option value="">Quem não se encaixa em nenhuma regra</option>
        </select>
      </div>
      <p
        data-preview-rule
        css={{
          margin: '0 0 8px',
          padding: '4px 8px',
          borderRadius: radii.sm,
          background: colors.surfaceAlt,
          fontSize: 14,
          lineHeight: 1.4,
        }}
      >
        {rule
          ? `Regra ${number}: ${ruleWords(rule, routeOf(rule.page))}.`
          : `Nenhuma regra: a página de ${route}${ownPage(route) ? '' : ' (não existe)'}.`}
        {paid &&
          ' Como veio de um anúncio pago do Google, o que a página esconde desse visitante não aparece.'}
      </p>
      <div role="group" aria-label="Largura da prévia" css={{ display: 'flex', gap: 6, marginBottom: 8 }}>
        <Button aria-pressed={!wide} onClick={() => setWide(false)}>
          Celular
        </Button>
        <Button aria-pressed={wide} onClick={() => setWide(true)}>
          Computador
        </Button>
      </div>
      <div css={{ height: page && !problem ? 560 : 'auto', display: 'flex', flexDirection: 'column' }}>
        {!page ? (
          <Message tone="error">
            {rule ? `A página “${rule.page}” não existe.` : `${route} não tem página.`}
          </Message>
        ) : problem ? (
          <Message tone="error">{problem}</Message>
        ) : (
          <PreviewFrame
            width={wide ? 1280 : 375}
            label={`${route} · ${rule ? `regra ${number}` : 'sem regra'}`}
            state={state}
            selected={NO_SELECTION}
            onBlockClick={() => {}}
            view={paid ? 'pago' : 'pagina'}
          />
        )}
      </div>
      {page && (
        <a href={`#/editar/${encodeURIComponent(page.file)}`} css={{ display: 'inline-block', marginTop: 8 }}>
          Editar {page.route}
        </a>
      )}
    </section>
  );
}
