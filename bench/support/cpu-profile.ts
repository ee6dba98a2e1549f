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
  /** Share of the samples with this frame anywhere on the stack (itself and what it called). */
  totalPct: number;
  /** Samples in the window (the same for every row). */
  samples: number;
}

export function readCpuProfile(path: string): CpuProfile {
  return JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
}

const frameKey = (f: ProfileNode['callFrame']): string => {
  const where = f.url ? `${f.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '')}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};

/**
 * Self and total time by frame (function, package or built file, line) over the samples
 * taken within [fromUs, toUs] of V8's monotonic clock, the top n by self time.
 */
export function topFrames(p: CpuProfile, n: number, fromUs: number, toUs: number): TopFrame[] {
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of p.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let t = p.startTime;
  let samples = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]!;
    if (t < fromUs || t > toUs) continue;
    samples++;
    const leaf = frameKey(byId.get(p.samples[i]!)!.callFrame);
    self.set(leaf, (self.get(leaf) ?? 0) + 1);
    const onStack = new Set<string>();
    for (let id: number | undefined = p.samples[i]!; id !== undefined; id = parentOf.get(id)) onStack.add(frameKey(byId.get(id)!.callFrame));
    for (const key of onStack) total.set(key, (total.get(key) ?? 0) + 1);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([frame, count]) => ({ frame, selfPct: (100 * count) / samples, totalPct: (100 * (total.get(frame) ?? 0)) / samples, samples }));
}

/** The top n frames by total time (recursion counted once per sample), leaving out the profile's root frames. */
export function topTotalFrames(p: CpuProfile, n: number, fromUs: number, toUs: number): TopFrame[] {
  const all = topFrames(p, Number.MAX_SAFE_INTEGER, fromUs, toUs);
  return all
    .filter((f) => !/^\((root|program|idle|garbage collector)\)$/.test(f.frame))
    .sort((a, b) => b.totalPct - a.totalPct)
    .slice(0, n);
}
