/**
 * The header's "Pedidos (n)": for a Publicador, the requests waiting for them; for an Editor, their
 * requests returned with a comment. Read on start, every minute, when the tab comes back and when a
 * screen changed requests.
 */
import { useEffect, useState } from 'react';
import { REQUESTS_CHANGED, requestsApi } from '../../shared/requests-client.ts';

export function RequestsCount() {
  const [count, setCount] = useState<{ n: number; approver: boolean }>();
  useEffect(() => {
    let live = true;
    const read = () =>
      requestsApi.list().then(
        (answer) => live && answer.enabled && setCount({ n: answer.attention, approver: answer.mayApprove }),
        () => {},
      );
    void read();
    const timer = setInterval(read, 60_000);
    const onVisible = () => document.visibilityState === 'visible' && void read();
    addEventListener(REQUESTS_CHANGED, read);
    // Another screen opened: the count is read again (an Editor sees a return without reloading).
    addEventListener('hashchange', read);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      removeEventListener(REQUESTS_CHANGED, read);
      removeEventListener('hashchange', read);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  if (!count) return null;
  const what =
    count.n === 0
      ? 'nenhum esperando'
      : count.approver
        ? `${count.n} esperando a sua decisão`
        : `${count.n} ${count.n === 1 ? 'devolvido' : 'devolvidos'} para você`;
  return (
    <a href="#/pedidos" className="pedidos" data-requests-count={count.n}>
      Pedidos
      {count.n > 0 && (
        <span className="count" aria-hidden="true">
          {count.n}
        </span>
      )}
      <span className="visually-hidden">: {what}</span>
    </a>
  );
}
