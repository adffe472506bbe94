// CPU time of the processes a bench row runs on, from Linux's /proc (utime + stime): what a
// request or a hand-in costs each side, where a latency figure alone cannot tell them apart.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of one /proc stat line, in ms (USER_HZ is 100 on Linux). */
function cpuMsOf(statLine: string): number {
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU of one process, all its threads together, in ms. */
export function processCpuMs(pid: number): number {
  return cpuMsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** CPU of each thread of one process, by thread id, in ms. */
export function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(Number(tid), cpuMsOf(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}

/**
 * CPU of each process named postgres on this machine (the server's backends and its own
 * background processes), by process id, in ms: the bench has the PostgreSQL server to itself.
 */
export function postgresCpuMs(): Map<number, number> {
  const processes = new Map<number, number>();
  const pids = execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n');
  for (const pid of pids.filter(Boolean)) {
    try {
      processes.set(Number(pid), processCpuMs(Number(pid)));
    } catch {
      // A backend that exited between the listing and the read.
    }
  }
  return processes;
}

/**
 * CPU spent between two readings by id (of processes or threads), in ms: a process that began
 * in between counts from zero. One that ended in between is missing from `after`, and so is what
 * it spent (a backend whose idle connection the pool closed: little). Summing the totals
 * instead would subtract the whole life of every backend that ended.
 */
export function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [id, ms] of after) spent += ms - (before.get(id) ?? 0);
  return spent;
}

/** The whole machine's CPU time since boot, and the part of it idle or waiting for a disk. */
export function machineCpuJiffies(): { total: number; idle: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const values = fields.map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the 4th and 5th.
  return { total: values.reduce((sum, v) => sum + v, 0), idle: values[3]! + values[4]! };
}
