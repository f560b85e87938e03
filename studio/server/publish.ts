/**
 * Publicar, Histórico and Restaurar: the publisher, split by the steps a publish goes through in
 * publish/ (decision 0041; publish/index.ts is the map).
 */
export {
  createPublisher,
  describeChange,
  formatDate,
  publisherFor,
  type PublishOptions,
  type PublishOutcome,
  type Publisher,
} from './publish/index.ts';
