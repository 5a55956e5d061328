import { readFileSync } from 'node:fs';

/** Peak resident memory of a process so far (the kernel's high-water mark, VmHWM), in MB; null when unknown. */
export function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
