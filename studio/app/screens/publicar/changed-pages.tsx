/**
 * "Páginas que esta publicação muda" (decision 0029): every route whose built page a publish
 * changes, the edited ones and those that change through them ("Esta mudança também muda
 * /recarrega-site"), each with pictures before and after at a phone's and a desktop's width and
 * the changed regions marked.
 *
 * `PagePictures` is the pictures of one route between two versions, usable anywhere: Publicar
 * passes the review's trees; Histórico can pass a version's commit and its parent's.
 */
import { useEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import type { Picture, PicturesAnswer, PictureSize, ReviewAnswer, RouteChange } from '../../../api.ts';
import { api } from '../../shared/api-client.ts';
import { useMe } from '../../shared/presence.ts';

/** Routes whose pictures open at once; the others when the person opens them. */
const OPEN_AT_ONCE = 2;

const sectionCss = css`
  margin: 0 0 16px;
  h3 {
    font: 600 15px/1.4 ${fonts.display};
    color: ${colors.navy};
    margin: 0 0 6px;
  }
`;

const routeCss = css`
  border: 1px solid ${colors.line};
  border-radius: ${radii.sm};
  margin: 0 0 8px;
  /* A route longer than a phone is wide breaks anywhere (it is one word to the browser). */
  overflow-wrap: anywhere;
  min-width: 0;
  summary {
    cursor: pointer;
    padding: 8px 12px;
    display: flex;
    flex-wrap: wrap;
    gap: 4px 10px;
    align-items: baseline;
  }
  .route {
    font-weight: 600;
    color: ${colors.navy};
  }
  .why {
    color: ${colors.muted};
    font-size: 13px;
  }
  .body {
    padding: 0 12px 12px;
  }
`;

const WHY: Record<RouteChange['change'], string> = {
  alterada: 'página editada',
  nova: 'página nova',
  excluída: 'página excluída',
};

/** Whose change the review shows, in words: "a sua mudança" or "a mudança de Ana". */
export function whoseChange(
  requester: { name: string; email: string } | undefined,
  me: { email: string } | null | undefined,
): string {
  if (!requester) return 'a sua mudança';
  const mine = me != null && me.email.trim().toLowerCase() === requester.email.trim().toLowerCase();
  return mine ? 'a sua mudança' : `a mudança de ${requester.name.trim() || requester.email}`;
}

/** The two sides' captions of a review of `whose` change ("a mudança de Ana"). */
export const reviewLabels = (whose: string) => ({
  before: 'Antes: como está no site',
  after: `Depois: com ${whose}`,
});

/** The pages a publish of `files` changes, for the publish dialog (and a request's review). */
export function ChangedPages({
  files,
  heading = 'Páginas que esta publicação muda',
  requester,
}: {
  files: string[];
  /** Agendar: "Páginas que este agendamento muda na hora marcada". */
  heading?: string;
  /**
   * A publication request's review (Pedidos): who asked. The pictures then speak of their change
   * ("Depois: com a mudança de Ana"), unless the requester is the person looking.
   */
  requester?: { name: string; email: string };
}) {
  const whose = whoseChange(requester, useMe());
  const key = [...files].sort().join('\n');
  const [got, setGot] = useState<{ key: string; answer?: ReviewAnswer; error?: string }>();
  /** The files last asked about: the first ask goes at once, a change of the ticked boxes waits. */
  const asked = useRef('');

  useEffect(() => {
    if (key === '') return;
    const abort = new AbortController();
    // A pause after a change of the ticked boxes, so ticking several in a row asks once; the
    // first ask (the dialog opening with its boxes) has nothing to wait for, nor the same files
    // asked again (the effect run once more, as React's strict mode does).
    const pause = asked.current !== '' && asked.current !== key;
    asked.current = key;
    const ask = () =>
      api.review({ files: key.split('\n') }, abort.signal).then(
        (answer) => setGot({ key, answer }),
        (e: unknown) => {
          if (!abort.signal.aborted) setGot({ key, error: e instanceof Error ? e.message : String(e) });
        },
      );
    const timer = pause ? setTimeout(ask, 300) : undefined;
    if (!pause) void ask();
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key]);

  const answer = got?.key === key ? got.answer : undefined;
  const error = got?.key === key ? got.error : undefined;
  if (key === '') return null;
  const others = answer?.routes.filter((r) => !r.edited) ?? [];
  return (
    <section css={sectionCss} aria-labelledby="paginas-que-mudam" data-review data-ms={answer?.ms}>
      <h3 id="paginas-que-mudam">{heading}</h3>
      {!answer && !error && (
        <Note tone="info">
          Montando o site com {whose} para comparar com o que está publicado… (alguns segundos; é a mesma
          verificação de Publicar, que depois não precisa ser feita de novo)
        </Note>
      )}
      {error && <Note tone="error">{error}</Note>}
      {answer?.refused && (
        // Told, not alerted: Publicar's own refusal is the alert, when it is pressed.
        <p css={{ margin: '0 0 12px', color: colors.orangeHover, fontWeight: 600 }}>{answer.refused.error}</p>
      )}
      {answer && !answer.refused && answer.routes.length === 0 && (
        <Note tone="info">
          Nenhuma página do site muda com {requester ? 'este pedido' : 'esta publicação'}.
        </Note>
      )}
      {others.length > 0 && (
        <p css={{ margin: '0 0 8px', fontWeight: 600, color: colors.orangeHover }}>
          Esta mudança também muda {listInWords(others.map((r) => r.route))}.
        </p>
      )}
      {answer?.routes.map((r, i) => (
        <RouteReview
          key={r.route}
          change={r}
          open={i < OPEN_AT_ONCE}
          before={answer.before}
          after={answer.after}
          labels={reviewLabels(whose)}
        />
      ))}
    </section>
  );
}

function RouteReview({
  change,
  open,
  before,
  after,
  labels,
}: {
  change: RouteChange;
  open: boolean;
  before: string;
  after: string;
  labels: { before: string; after: string };
}) {
  const [shown, setShown] = useState(open);
  return (
    <details
      css={routeCss}
      open={open}
      data-route={change.route}
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) setShown(true);
      }}
    >
      <summary>
        <span className="route">{change.route}</span>
        <span className="why">
          {change.edited
            ? WHY[change.change]
            : change.change === 'alterada'
              ? 'muda junto (herda da página editada ou das configurações do site)'
              : WHY[change.change]}
        </span>
      </summary>
      <div className="body">
        {shown && <PagePictures before={before} after={after} route={change.route} labels={labels} />}
      </div>
    </details>
  );
}

const sizeCss = css`
  margin: 8px 0 0;
  h4 {
    font: 600 14px/1.4 ${fonts.display};
    color: ${colors.navy};
    margin: 0 0 2px;
  }
  .note {
    color: ${colors.muted};
    font-size: 13px;
    margin: 0 0 6px;
  }
  .pair {
    display: grid;
    /* Side by side; one above the other on a phone, each as wide as the screen allows. */
    grid-template-columns: repeat(auto-fit, minmax(min(240px, 100%), 1fr));
    gap: 10px;
  }
  .side {
    font: 600 13px/1.4 ${fonts.display};
    color: ${colors.ink};
    margin: 0 0 4px;
  }
`;

const boxCss = css`
  height: 300px;
  overflow: auto;
  border: 1px solid ${colors.disabled};
  border-radius: ${radii.sm};
  background: ${colors.surfaceAlt};
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  .frame {
    position: relative;
    margin: 0 auto;
    overflow: hidden;
  }
  img {
    display: block;
    width: 100%;
    height: auto;
  }
  .mark {
    position: absolute;
    border: 2px solid ${colors.orange};
    background: rgba(194, 65, 12, 0.12);
    border-radius: 3px;
    pointer-events: none;
  }
`;

const LABEL: Record<PictureSize['width'], string> = { 375: 'Celular (375 px)', 1280: 'Computador (1280 px)' };
const DEVICE: Record<PictureSize['width'], string> = { 375: 'no celular', 1280: 'no computador' };

/**
 * `route` in two versions (`before`, `after`: commits or trees, 40 hex digits) at 375 and
 * 1280 px, side by side, the changed regions marked in orange and the pair scrolled to the first.
 * The server builds a version it has not built yet (seconds) and photographs the page once.
 */
export function PagePictures({
  before,
  after,
  route,
  labels,
}: {
  /** The version before (a commit or tree id); null: none (a page's first version). */
  before: string | null;
  /** The version after; null: none. */
  after: string | null;
  route: string;
  /** The two sides' captions (Histórico: "Antes desta versão", "Nesta versão"). */
  labels?: { before: string; after: string };
}) {
  const key = `${before ?? ''}|${after ?? ''}|${route}`;
  const [got, setGot] = useState<{ key: string; answer?: PicturesAnswer; error?: string }>();
  useEffect(() => {
    const abort = new AbortController();
    api.reviewPictures(before, after, route, abort.signal).then(
      (answer) => setGot({ key, answer }),
      (e: unknown) => {
        if (!abort.signal.aborted) setGot({ key, error: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => abort.abort();
  }, [before, after, route, key]);
  const answer = got?.key === key ? got.answer : undefined;
  const error = got?.key === key ? got.error : undefined;

  if (error) return <Note tone="error">{error}</Note>;
  if (!answer)
    return (
      <Note tone="info">
        Fotografando {route} antes e depois, no celular e no computador… (alguns segundos)
      </Note>
    );
  if (!answer.available) return <Note tone="info">{answer.reason}</Note>;
  return (
    <div data-pictures={route} data-ms={answer.ms}>
      {answer.sizes.map((size) => (
        <SizePictures key={size.width} route={route} size={size} labels={labels} />
      ))}
    </div>
  );
}

function SizePictures({
  route,
  size,
  labels,
}: {
  route: string;
  size: PictureSize;
  labels?: { before: string; after: string };
}) {
  const first = size.regions[0];
  // The pair opens on the first changed region...
  const openOnFirst = (picture: Picture) => (el: HTMLDivElement | null) => {
    // Once: a later render (the message typed below) keeps where the person scrolled to.
    if (!el || !first || el.dataset.opened) return;
    el.dataset.opened = 'sim';
    const frame = el.firstElementChild as HTMLElement | null;
    const scale = (frame?.clientWidth ?? el.clientWidth) / picture.width;
    el.scrollTop = Math.max(0, first.y * scale - 24);
  };
  // ...and scrolls as one.
  const follow = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    const pair = box.closest('.pair');
    for (const other of pair?.querySelectorAll<HTMLElement>('[data-box]') ?? []) {
      if (other !== box && Math.abs(other.scrollTop - box.scrollTop) > 1) other.scrollTop = box.scrollTop;
    }
  };
  const count = size.regions.length;
  const note =
    !size.before || !size.after
      ? ''
      : count === 0
        ? 'Nada muda à vista nesta largura: a diferença está só no código da página (título da aba, dados para buscadores ou para o rastreamento).'
        : `${count === 1 ? '1 trecho mudou' : `${count} trechos mudaram`}: marcado${count === 1 ? '' : 's'} em laranja.`;
  const sides = [
    {
      label: labels?.before ?? 'Antes: como está no site',
      picture: size.before,
      when: 'antes',
      missing: 'A página ainda não existe.',
    },
    {
      label: labels?.after ?? 'Depois: com a sua mudança',
      picture: size.after,
      when: 'depois',
      missing: 'A página deixa de existir.',
    },
  ];
  return (
    <div css={sizeCss} data-size={size.width} data-regions={count}>
      <h4>{LABEL[size.width]}</h4>
      {note && <p className="note">{note}</p>}
      <div className="pair">
        {sides.map((side) => (
          <div key={side.when}>
            <p className="side">{side.label}</p>
            {side.picture ? (
              <div
                ref={openOnFirst(side.picture)}
                data-box
                css={boxCss}
                tabIndex={0}
                role="group"
                aria-label={`${route} ${DEVICE[size.width]}, ${side.when} da mudança`}
                onScroll={follow}
              >
                <div
                  className="frame"
                  // Never wider than the page was photographed (a phone picture stays its size).
                  css={{ maxWidth: size.width === 375 ? side.picture.width : undefined }}
                >
                  <img
                    src={side.picture.url}
                    width={side.picture.width}
                    height={side.picture.height}
                    alt={`${route} ${DEVICE[size.width]}, ${side.when} da mudança`}
                    loading="lazy"
                    decoding="async"
                  />
                  {size.regions.map((r, j) => (
                    <span
                      key={j}
                      className="mark"
                      aria-hidden="true"
                      style={{
                        left: `${(r.x / side.picture!.width) * 100}%`,
                        top: `${(r.y / side.picture!.height) * 100}%`,
                        width: `${(r.width / side.picture!.width) * 100}%`,
                        height: `${(r.height / side.picture!.height) * 100}%`,
                      }}
                    />
                  ))}
                </div>
              </div>
            ) : (
              <p className="note">{side.missing}</p>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

/** "/a", "/a e /b", "/a, /b e /c" */
function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items.at(-1)!}`;
}

/**
 * A line of this section, read out when it changes (aria-live) but not a status or an alert of
 * the dialog: those stay Publicar's own (its progress, its outcome, its refusal).
 */
function Note({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  return (
    <p
      aria-live="polite"
      css={{
        margin: '0 0 12px',
        color: tone === 'error' ? colors.orangeHover : colors.muted,
        fontWeight: tone === 'error' ? 600 : 400,
      }}
    >
      {children}
    </p>
  );
}
