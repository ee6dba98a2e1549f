import { readCpuProfile, topFrames } from './support/cpu-profile';

/**
 * `node dist/bench/profile-top.js <file.cpuprofile> [last seconds] [rows]`: the top frames
 * by self time of a profile, over its last seconds only (a benchmark's measured run ends
 * when the profiled process is stopped; start-up and warm-up come before it).
 */
function main() {
  const [file, lastSeconds, rows] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-top <file.cpuprofile> [last seconds] [rows]');
  const p = readCpuProfile(file);
  const from = lastSeconds ? p.endTime - Number(lastSeconds) * 1_000_000 : p.startTime;
  const top = topFrames(p, Number(rows ?? 25), from, p.endTime);
  console.log(`${file}: self time over ${lastSeconds ? `the last ${lastSeconds} s` : 'the whole profile'} (${top[0]?.samples ?? 0} samples), top frames:`);
  for (const { frame, selfPct } of top) console.log(`${selfPct.toFixed(1).padStart(5)} %  ${frame}`);
}

main();
