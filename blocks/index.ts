/** The block registry: every block type a page may use, by its YAML `type`. */
import choiceCards from './choiceCards/index.ts';
import navbar from './navbar/index.ts';
import notFound from './notFound/index.ts';

export const registry = { choiceCards, navbar, notFound };
