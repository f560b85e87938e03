/** The block registry: every block type a page may use, by its YAML `type`. */
import choiceCards from './choiceCards/index.ts';
import navbar from './navbar/index.ts';
import notFound from './notFound/index.ts';
// @imports-interactive
// @imports-content
// @imports-faq-footer-legal

export const registry = {
  choiceCards,
  navbar,
  notFound,
  // @registry-interactive
  // @registry-content
  // @registry-faq-footer-legal
};
