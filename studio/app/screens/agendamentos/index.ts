/**
 * Agendamentos (`#/agendamentos`): the scheduled changes in words, Próximos and Encerrados, with
 * Alterar horário, Cancelar and Editar (issue 38).
 * The screen's one entry: other parts of the app import this file, never the files beside it.
 */
export { SchedulesScreen } from './schedules-screen.tsx';
