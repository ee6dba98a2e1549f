import { readFileSync } from 'node:fs';

/** One node of a V8 `.cpuprofile` (what `node --cpu-prof` writes). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface TopFrame {
  frame: string;
  selfPct: number;
  /** Samples in the window (the same for every row). */
  samples: number;
}

export function readCpuProfile(path: string): CpuProfile {
  return JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
}

/** Self time by frame (function, package or built file, line) over the samples taken within [fromUs, toUs] of V8's monotonic clock. */
export function topFrames(p: CpuProfile, n: number, fromUs: number, toUs: number): TopFrame[] {
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let t = p.startTime;
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]!;
    if (t < fromUs || t > toUs) continue;
    total++;
    const f = byId.get(p.samples[i]!)!.callFrame;
    const where = f.url ? `${f.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([frame, count]) => ({ frame, selfPct: (100 * count) / total, samples: total }));
}
