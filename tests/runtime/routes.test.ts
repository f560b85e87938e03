import { describe, expect, it } from 'vitest';
import { badRouteFileName, fileToRoute, isRouteFile, routeToOutFile } from '../../runtime/load/routes.ts';
import { normaliseRoute } from '../../runtime/dev/dev-render.ts';

describe('routes from the pages folder', () => {
  it('maps files to routes', () => {
    expect(fileToRoute('index.yaml')).toBe('/');
    expect(fileToRoute('agendamento.yaml')).toBe('/agendamento');
    expect(fileToRoute('a/b.yaml')).toBe('/a/b');
    expect(fileToRoute('a/index.yaml')).toBe('/a');
    expect(fileToRoute('404.yaml')).toBe('/404');
  });

  it('skips files and folders starting with _', () => {
    expect(isRouteFile('_site.yaml')).toBe(false);
    expect(isRouteFile('_rascunhos/a.yaml')).toBe(false);
    expect(isRouteFile('a.yaml')).toBe(true);
  });

  it('refuses names that are not URL-safe', () => {
    expect(badRouteFileName('Promoção.yaml')).toBe('Promoção');
    expect(badRouteFileName('minha pagina.yaml')).toBe('minha pagina');
    expect(badRouteFileName('recarga-barueri.yaml')).toBeUndefined();
  });

  it('writes each route to its own index.html, the catch-all to 404.html', () => {
    expect(routeToOutFile('/')).toBe('index.html');
    expect(routeToOutFile('/agendamento')).toBe('agendamento/index.html');
    expect(routeToOutFile('/a/b')).toBe('a/b/index.html');
    expect(routeToOutFile('/404')).toBe('404.html');
  });

  it('normalises request paths in dev', () => {
    expect(normaliseRoute('/agendamento/')).toBe('/agendamento');
    expect(normaliseRoute('/index.html')).toBe('/');
    expect(normaliseRoute('/a/index.html')).toBe('/a');
  });
});
