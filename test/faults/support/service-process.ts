import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../support/compiled';

/** One PixPay process (the built `dist/src/main.js`) with its own role and settings. */
export class ServiceProcess {
  private output = '';
  readonly exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly name: string,
  ) {
    child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  url = '';

  static async start(name: string, env: Record<string, string>): Promise<ServiceProcess> {
    const child = spawn(process.execPath, [join(ROOT, 'dist/src/main.js')], {
      env: { ...process.env, MODE: 'sandbox', NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_DELAY_MS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p = new ServiceProcess(child, name);
    const deadline = Date.now() + 60_000;
    while (!/"url":"(http:[^"]+)"/.test(p.output) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const url = /"url":"(http:[^"]+)"/.exec(p.output)?.[1];
    if (!url) throw new Error(`${name} did not start: ${p.output.slice(-2000)}`);
    p.url = url;
    return p;
  }

  get log(): string {
    return this.output;
  }

  /** kill -9: no shutdown code runs. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}
