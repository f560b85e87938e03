/**
 * The route an address asks for, as the static hosts read it: "/agendamento",
 * "/agendamento/" and "/agendamento/index.html" are one page. Shared by the edge split (which
 * route is an experiment's) and the page script (is this view at the experiment's route).
 */
export function routeOfPath(pathname: string): string {
  const trimmed = pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
