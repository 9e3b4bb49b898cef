/** The battery's progress lines only go up, although items finish out of order. */
import { OrderedProgress } from '../../../src/cli/certification/certification-runner';

describe('OrderedProgress', () => {
  it.each([
    ['in order', [0, 1, 2, 3]],
    ['the second before the first, the last before the third', [1, 0, 3, 2]],
    ['all in reverse', [3, 2, 1, 0]],
  ])('%s: lines in item order, the counter only going up', (_label, finishing) => {
    const lines: string[] = [];
    const statuses = ['processed', 'rejected', 'processed', 'processed'];
    const progress = new OrderedProgress((l) => lines.push(l), '05', 50, 14, [15, 16, 17, 18]);
    for (const i of finishing) progress.finished(i, statuses[i]);
    expect(lines).toEqual([
      '05                 15/50  05-015 processed',
      '05                 15/50  05-016 rejected',
      '05                 16/50  05-017 processed',
      '05                 17/50  05-018 processed',
    ]);
  });

  it('a line waits for the items started before it', () => {
    const lines: string[] = [];
    const progress = new OrderedProgress((l) => lines.push(l), '01', 90, 0, [1, 2, 3]);
    progress.finished(2, 'processed');
    progress.finished(1, 'processed');
    expect(lines).toEqual([]);
    progress.finished(0, 'processed');
    expect(lines).toEqual(['01                  1/90  01-001 processed', '01                  2/90  01-002 processed', '01                  3/90  01-003 processed']);
  });
});
