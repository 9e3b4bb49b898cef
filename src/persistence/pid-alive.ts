import { readFileSync } from 'node:fs';

/**
 * Whether a process with this pid is running on this machine (EPERM: it exists but belongs to another
 * user). A zombie — killed, not yet reaped by its parent — is not running: it holds no files and
 * will never write again, though `kill(pid, 0)` still finds it. Where `/proc` is missing the signal
 * test alone answers.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // "pid (comm) S …": the state follows the last ')' (the command name may hold parentheses).
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}
