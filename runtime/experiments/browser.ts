/**
 * The experiments stage's entry for a browser bundle (the Estúdio's screens): the pure parts only.
 * index.ts also brings the CSV reader and the loader's keys, which are not for a browser.
 */
export {
  ALPHA,
  DEFAULT_MDE,
  MAX_PLAN_DAYS,
  MIN_DAYS,
  PLAN_POWER,
  planExperiment,
  visitorsPerPage,
  type Plan,
  type PlanInput,
} from './plan.ts';
