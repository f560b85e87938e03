/**
 * Configurações (`#/configuracoes`): the site's settings (site.yaml) and Google Analytics.
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { SiteSettingsScreen } from './site-settings-screen.tsx';
