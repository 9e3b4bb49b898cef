import type { Agenda } from 'agenda';
import { defineJobs, recurringSlots } from '../../../jobs/agenda-queue';
import { JOBS } from '../../../jobs/jobs';
import type { AnyJobDefinition } from '../../../jobs/job-definition';
import type { Logger } from '../../../src/config/logger';
import type { Services } from '../../../src/services/services';

const definitions = () => JOBS.map((f) => f({} as Services)) as AnyJobDefinition[];

describe('job slots', () => {
  it.each([
    ['no recurring job', [{ every: undefined, concurrency: 8 }], 0],
    ['one recurring job, concurrency unset', [{ every: '5 seconds', concurrency: undefined }], 1],
    ['recurring jobs add their own concurrency, work jobs none', [{ every: '1 second', concurrency: 1 }, { every: '1 minute', concurrency: 2 }, { every: undefined, concurrency: 16 }], 3],
  ] as const)('%s → %i slots', (_label, jobs, expected) => {
    expect(recurringSlots(jobs as never)).toBe(expected);
  });

  it("the process's limits are JOB_CONCURRENCY for the work plus one slot per recurring job, so sweeps never crowd out the work or each other", () => {
    const calls: Record<string, number[]> = { maxConcurrency: [], lockLimit: [] };
    const agenda = {
      maxConcurrency: (n: number) => void calls.maxConcurrency.push(n),
      lockLimit: (n: number) => void calls.lockLimit.push(n),
      define: () => undefined,
      on: () => undefined,
    } as unknown as Agenda;
    const jobs = definitions();
    const recurring = jobs.filter((j) => j.every).length;
    expect(recurring).toBe(12);
    defineJobs(agenda, jobs, { warn: () => undefined } as unknown as Logger, 60_000, 4);
    expect(calls).toEqual({ maxConcurrency: [4 + recurring], lockLimit: [4 + recurring] });
  });
});
