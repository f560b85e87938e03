import { describe, expect, it } from 'vitest';
import { LONG_TASK_CPU_MS, summarizeMainThread, type TraceEvent } from '../../scripts/main-thread.ts';

const URL = 'http://127.0.0.1:4190/agendamento';
const ms = 1000;
const task = (ts: number, cpuMs: number, wallMs = cpuMs, tid = 1): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid: 10,
  tid,
  ts: ts * ms,
  dur: wallMs * ms,
  tdur: cpuMs * ms,
});
const at = (name: string, ts: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  pid: 10,
  tid: 1,
  ts: ts * ms,
  dur: 1,
  ...extra,
});

describe('summarizeMainThread', () => {
  const events: TraceEvent[] = [
    task(0, 30), // the previous document's work, before the navigation commits
    task(100, 3, 20),
    at('DocumentLoader::CommitNavigation', 101),
    task(130, 6),
    at('ParseHTML', 131, { args: { beginData: { url: URL } } }),
    task(150, 20, 60), // the first frame: style, layout, paint
    { ...at('firstContentfulPaint', 169), ph: 'R' },
    task(200, 4, 30),
    task(300, LONG_TASK_CPU_MS + 1),
    task(200, 99, 99, 2), // another thread of the renderer
  ];

  it('counts CPU time of the page’s main thread from the commit on', () => {
    const load = summarizeMainThread(events, URL);
    expect(load.totalCpuMs).toBeCloseTo(3 + 6 + 20 + 4 + LONG_TASK_CPU_MS + 1);
    expect(load.longestTaskCpuMs).toBe(20);
  });

  it('reports the tasks after the first contentful paint separately', () => {
    const load = summarizeMainThread(events, URL);
    expect(load.longestAfterPaintCpuMs).toBe(LONG_TASK_CPU_MS + 1);
    expect(load.longTasksAfterPaint).toBe(1);
  });

  it('says which page is missing from the trace', () => {
    expect(() => summarizeMainThread(events, 'http://127.0.0.1:4190/recarga')).toThrow(
      'The trace has no ParseHTML of http://127.0.0.1:4190/recarga',
    );
  });
});
