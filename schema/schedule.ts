/**
 * A scheduled change's meta file, pages/_agendamentos/<id>/_agendamento.yaml (issue 38, decision
 * 0047): when it goes live and when it ends, in São Paulo time, and what it takes out of pages/.
 * The files it writes are the other files of its folder; who scheduled it is in git.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Text } from './shared.ts';

/** A schedule's id is its folder's name: the experiments' id rule. */
export const SCHEDULE_ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const SCHEDULE_ID_MAX_LENGTH = 40;

/** "AAAA-MM-DD HH:MM", a minute of the São Paulo clock. */
export const SITE_INSTANT_PATTERN =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]$';

const Instant = (description: string) =>
  Type.String({
    pattern: SITE_INSTANT_PATTERN,
    patternErrorMessage:
      'Use a data e a hora de São Paulo no formato AAAA-MM-DD HH:MM, ex.: 2026-12-20 00:00.',
    description,
  });

export const ScheduleMetaSchema = Type.Object(
  {
    start: Instant(
      'Quando a mudança entra no ar, no horário de São Paulo (AAAA-MM-DD HH:MM), ex.: 2026-12-20 00:00.',
    ),
    end: Type.Optional(
      Instant(
        'Opcional. Quando a mudança sai do ar (AAAA-MM-DD HH:MM, horário de São Paulo): depois dela, o site volta a ser como era antes do início. Sem end, a mudança fica para sempre.',
      ),
    ),
    note: Type.Optional(
      Text({ maxLength: 200, description: 'Opcional. Uma nota sua sobre a mudança, ex.: Oferta de Natal.' }),
    ),
    remove: Type.Optional(
      Type.Array(
        Type.String({
          pattern: '^([a-z0-9]+(-[a-z0-9]+)*/)*[a-z0-9]+(-[a-z0-9]+)*\\.yaml$',
          patternErrorMessage:
            'Escreva o arquivo da página como em pages/, com .yaml, ex.: termos-de-uso.yaml ou blog/natal.yaml.',
          description: 'Um arquivo de pages/ (com .yaml), ex.: termos-de-uso.yaml.',
        }),
        {
          description:
            'Opcional. As páginas que saem do ar enquanto a mudança vale (arquivos de pages/, ex.: [termos-de-uso.yaml]).',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    title: 'Agendamento',
    description:
      'Uma mudança agendada: os outros arquivos desta pasta substituem (ou criam) os de pages/ do início ao fim.',
  },
);

export type ScheduleMeta = Static<typeof ScheduleMetaSchema>;
