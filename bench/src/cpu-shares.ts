/**
 * Where this machine's CPU went during a measured run (Linux /proc; elsewhere nothing is reported): the server's
 * request thread, its other threads (the event writer, GC helpers), the bench process (load and probe), and what was
 * left idle, and what the virtual machine's host took (steal). The ingestion figures print it beside the p99, so a reader
 * can tell a slow server from a full machine.
 */
import fs from 'node:fs';

interface Sample { at: number; request: number; serverOther: number; bench: number; idle: number; busy: number; steal: number }

const ticksOf = (statLine: string) => {
  const f = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};

function sample(serverPid: number): Sample | null {
  try {
    const request = ticksOf(fs.readFileSync(`/proc/${serverPid}/task/${serverPid}/stat`, 'utf8'));
    const server = ticksOf(fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8'));
    const bench = ticksOf(fs.readFileSync('/proc/self/stat', 'utf8'));
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
    const idle = cpu[3] + (cpu[4] ?? 0);
    // Steal: time this virtual machine was runnable but its host ran something else (every thread here waited).
    return { at: performance.now(), request, serverOther: server - request, bench, idle, busy: cpu.reduce((a, b) => a + b, 0) - idle, steal: cpu[7] ?? 0 };
  } catch {
    return null;
  }
}

/** Starts measuring; the returned function answers the shares since then as one line (or null off Linux). */
export function cpuShares(serverPid: number | undefined): () => string | null {
  const start = serverPid ? sample(serverPid) : null;
  return () => {
    const end = start && serverPid ? sample(serverPid) : null;
    if (!start || !end) return null;
    // Clock ticks are 1/100 s: a share of one core is ticks / (seconds * 100).
    const seconds = (end.at - start.at) / 1000;
    const core = (ticks: number) => `${((ticks / (seconds * 100)) * 100).toFixed(0)}%`;
    const all = end.busy - start.busy + end.idle - start.idle;
    return `request thread ${core(end.request - start.request)}, server's other threads ${core(end.serverOther - start.serverOther)}, `
      + `bench ${core(end.bench - start.bench)} (of one core each); machine idle ${(((end.idle - start.idle) / all) * 100).toFixed(0)}%, `
      + `stolen by the host ${(end.steal - start.steal) * 10} ms`;
  };
}
