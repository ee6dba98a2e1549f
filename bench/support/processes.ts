import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free loopback port (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Starts `node [nodeArgs] script` and resolves once `ready(stdout so far)` returns a value. */
export function startNode<T>(script: string, args: string[], env: Record<string, string>, ready: (out: string) => T | undefined, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<{ child: ChildProcess; value: T }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`${script} not ready after ${timeoutMs} ms:\n${out}\n${err}`)), timeoutMs);
    const check = () => {
      const value = ready(out);
      if (value !== undefined) {
        clearTimeout(timer);
        resolve({ child, value });
      }
    };
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      check();
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${out}\n${err}`));
    });
    check();
  });
}

/** Polls until the URL answers 200 (the service's /health), bounded. */
export async function waitHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Peak resident memory of a process (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** Current resident memory of a process (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** Fields of /proc/<pid>/stat after the command name (which is in parentheses and may contain spaces). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const ticksMs = (...ticks: string[]) => (ticks.reduce((sum, t) => sum + Number(t), 0) * 1_000) / TICKS_PER_SECOND;

/** CPU time a process has used so far (user + system), in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const f = statFields(pid);
  return ticksMs(f[11]!, f[12]!);
}

/** The same, plus what its children that have exited used (counted once the process has waited for them). */
export function cpuWithChildrenMs(pid: number): number {
  const f = statFields(pid);
  return ticksMs(f[11]!, f[12]!, f[13]!, f[14]!);
}

/** CPU used so far by the processes still running among pids (one that ended meanwhile counts nothing), in ms. */
export function cpuOfMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuMs(pid);
    } catch {
      // ended since it was listed
    }
  }
  return total;
}

/**
 * CPU used so far by every PostgreSQL process of this machine (server and backends):
 * the database's share of a load, read before and after it. Anything else using the
 * same server meanwhile is counted too, so read it on a quiet machine.
 */
export function postgresCpuMs(): number {
  return commandCpuMs('postgres');
}

/**
 * CPU ms used so far by each process of this machine that `matches` (given its pid; a
 * process that ends between the listing and the reads is left out).
 */
function cpuOfProcessesWhere(matches: (pid: number) => boolean): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (matches(pid)) used.set(pid, cpuMs(pid));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return used;
}

/** CPU used so far by every process whose command name (/proc/<pid>/stat) is `comm` (RabbitMQ: 'beam.smp'), in ms. */
export function commandCpuMs(comm: string): number {
  const used = cpuOfProcessesWhere((pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === comm;
  });
  let total = 0;
  for (const ms of used.values()) total += ms;
  return total;
}

/** CPU ms used so far by the PostgreSQL backends connected to `database` (their process titles name it). */
export function databaseBackendsCpuMs(database: string): Map<number, number> {
  return cpuOfProcessesWhere((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `));
}

/** CPU ms the backends used between two samples (a backend that ended meanwhile is not counted). */
export function backendsCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, v] of after) ms += v - (before.get(pid) ?? 0);
  return ms;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
