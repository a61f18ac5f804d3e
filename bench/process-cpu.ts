// The CPU a process tree has used, from /proc (Linux): the database's share of a benchmark's work.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) of a process and all its children, living now (exited ones are lost: backends of a
 * pool live for the whole run). */
export function processTreeCpu(pid: number): number {
  const ticks = 100; // USER_HZ, the unit of /proc/<pid>/stat on Linux
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The command may hold spaces and parentheses: the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    if (Number(entry) !== pid && ppid !== pid) continue;
    total += (Number(fields[11]) + Number(fields[12])) / ticks;
  }
  return total;
}
