import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pidAlive } from '../../../src/persistence/pid-alive';
import { waitFor } from '../../support/mh-control';

describe('pidAlive', () => {
  it('this process is alive', () => {
    expect(pidAlive(process.pid)).toBe(true);
  });

  it('a process that exited and was reaped is not', async () => {
    const child = spawn('true');
    await new Promise((res) => child.on('exit', res));
    expect(pidAlive(child.pid!)).toBe(false);
  });

  // A killed process its parent has not reaped yet still answers kill(pid, 0), but it holds nothing.
  (existsSync('/proc/self/stat') ? it : it.skip)('a zombie (exited, never reaped by its parent) is not', async () => {
    // The forked child exits at once; its parent prints its pid and sleeps without ever reaping it.
    // (A shell may reap a finished background job before it execs its next command.)
    const parent = spawn('perl', ['-e', '$| = 1; my $pid = fork(); if (!$pid) { exit 0 } print "$pid\n"; sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((res) => parent.stdout.once('data', (d) => res(String(d).trim()))));
      await waitFor(async () => / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\)/, ')')), 10_000, 20);
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(pidAlive(pid)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
