import { buildEditorPageSchema } from '../../schema/page.ts';
import { ScheduleMetaSchema } from '../../schema/schedule.ts';
import { SiteSchema } from '../../schema/site.ts';
import { blockList } from '../../blocks/index.ts';

/** Generated for editors; a test fails when it no longer matches the registry. */
export const PAGE_SCHEMA_FILE = 'schema/page.schema.json';

export function pageSchemaText(): string {
  return `${JSON.stringify(buildEditorPageSchema(blockList), null, 2)}\n`;
}

/** The schema of pages/_site.yaml, for editors; also kept current by a test. */
export const SITE_SCHEMA_FILE = 'schema/site.schema.json';

export function siteSchemaText(): string {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://fillgas.example/schema/site.schema.json',
    ...(JSON.parse(JSON.stringify(SiteSchema)) as Record<string, unknown>),
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** The schema of a scheduled change's pages/_agendamentos/<id>/_agendamento.yaml, for editors (issue 38). */
export const SCHEDULE_SCHEMA_FILE = 'schema/schedule.schema.json';

export function scheduleSchemaText(): string {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://fillgas.example/schema/schedule.schema.json',
    ...(JSON.parse(JSON.stringify(ScheduleMetaSchema)) as Record<string, unknown>),
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
