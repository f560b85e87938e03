/**
 * Públicos on the server (issue 38): the audience rules each published schedule's `_site.yaml`
 * will bring at its hour, so the screen can say them in words beside today's. Read only; the
 * schedules' times and words come from /api/schedules (schedules.ts).
 */
import { readAudiences, type ScheduledAudiencesAnswer } from '../audiences.ts';
import type { Answer, ApiContext, ApiRequest } from './api-context.ts';

type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<Answer>;

/** GET /api/publicos/agendados: for each published schedule with a `_site.yaml`, its rules. */
async function getScheduledAudiences(ctx: ApiContext): Promise<Answer> {
  const folders = await ctx.publisher.schedules();
  const body: ScheduledAudiencesAnswer = { schedules: [] };
  for (const [id, files] of folders) {
    const site = files.find((f) => f.rel === '_site.yaml');
    if (site?.text == null) continue;
    body.schedules.push({ id, rules: readAudiences(site.text) });
  }
  return { status: 200, body };
}

export function audienceRoutes(): Record<string, Partial<Record<string, Handler>>> {
  return { '/api/publicos/agendados': { GET: getScheduledAudiences } };
}
