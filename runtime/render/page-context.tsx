/** @jsxImportSource react */
/**
 * What every block may read besides its props: the site settings and the page it is on.
 * Each island is its own React root, so these providers wrap every block render on the
 * server and every island hydration in the browser, from the same serialised values.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Site } from '../../schema/site.ts';

/** The <script type="application/json"> carrying the site settings to islands. */
export const SITE_DATA_ID = 'fillgas-site';

export interface PageInfo {
  route: string;
  /**
   * How long the page had been open when this island started (ms; browser only). An island
   * hydrated late (`hydrate: { afterMs }`) counts its timers from the page's opening with it.
   */
  openForMs?: number;
}

const SiteContext = createContext<Site | null>(null);
const PageContext = createContext<PageInfo>({ route: '/' });

export function BlockProviders({
  site,
  page,
  children,
}: {
  site: Site;
  page: PageInfo;
  children: ReactNode;
}) {
  return (
    <SiteContext.Provider value={site}>
      <PageContext.Provider value={page}>{children}</PageContext.Provider>
    </SiteContext.Provider>
  );
}

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site)
    throw new Error('useSite() precisa de <BlockProviders>: renderize o bloco pelo runtime ou pela story.');
  return site;
}

export function usePage(): PageInfo {
  return useContext(PageContext);
}
