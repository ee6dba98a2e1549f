import { readCpuProfile, topFrames, topTotalFrames } from './support/cpu-profile';

/**
 * `node dist/bench/profile-top.js <file.cpuprofile> [last seconds] [rows]`: the top frames
 * by self time of a profile, over its last seconds only (a benchmark's measured run ends
 * when the profiled process is stopped; start-up and warm-up come before it), then the
 * top frames by total time (the frame and what it called). `0` or nothing: the whole profile.
 */
function main() {
  const [file, lastSeconds, rows] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-top <file.cpuprofile> [last seconds] [rows]');
  const p = readCpuProfile(file);
  const windowed = Number(lastSeconds ?? 0) > 0;
  const from = windowed ? p.endTime - Number(lastSeconds) * 1_000_000 : p.startTime;
  const top = topFrames(p, Number(rows ?? 25), from, p.endTime);
  console.log(`${file}: self time over ${windowed ? `the last ${lastSeconds} s` : 'the whole profile'} (${top[0]?.samples ?? 0} samples), top frames:`);
  for (const { frame, selfPct, totalPct } of top) console.log(`${selfPct.toFixed(1).padStart(5)} %  (total ${totalPct.toFixed(1).padStart(5)} %)  ${frame}`);
  console.log('top frames by total time:');
  for (const { frame, selfPct, totalPct } of topTotalFrames(p, Number(rows ?? 25), from, p.endTime)) console.log(`${totalPct.toFixed(1).padStart(5)} %  (self ${selfPct.toFixed(1).padStart(5)} %)  ${frame}`);
}

main();
