import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector';

/**
 * A CPU profile of this process over one window only (a benchmark's measured phases,
 * without its start-up and warm-up), written as `<dir>/<name>.cpuprofile`, the format
 * `node --cpu-prof` writes (read it with `node dist/bench/profile-top.js`). Without a
 * folder it does nothing.
 */
export async function profileWindow<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  const post = <R>(method: string) =>
    new Promise<R>((resolve, reject) => session.post(method, (err, res) => (err ? reject(err) : resolve(res as R))));
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await post<{ profile: unknown }>('Profiler.stop');
    session.disconnect();
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile of the measured phases: ${file}`);
  }
}
