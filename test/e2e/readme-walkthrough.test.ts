import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/compiled';

/**
 * Runs the README's "First calls" walk-through: its `sh` blocks in order, as one bash
 * script, in a scratch project folder (links to dist/, node_modules/ and package.json),
 * against the compiled service and webhook receiver started the way its `shell` blocks
 * say, on free ports. Every `# ...` output line the README shows must appear in what
 * the commands printed (`...` stands for anything). The scratch folder is a git work
 * tree with the project's .gitignore, committed before the tour: what the tour writes
 * (an API key, a webhook secret) must leave `git status` as it was.
 */

type Child = ChildProcessByStdio<null, Readable, Readable>;

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SECTION = (() => {
  const start = README.indexOf('## First calls\n');
  return README.slice(start, README.indexOf('\n## ', start + 1));
})();
const BLOCKS = [...SECTION.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));

let work: string;
/** Where the test keeps its own output, outside the project folder. */
let logs: string;
const children: Child[] = [];

/** Starts a program and resolves with the first stdout line matching `ready`. */
function startProgram(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: Child; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    // A new data folder: PGlite creates and migrates the database first, slow on a busy machine.
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start: ${out}`)), 180_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited with ${code}: ${out}`));
    });
  });
}

/** git in the scratch folder, blind to this machine's git settings and to any outer repository. */
function git(...args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete env[k];
  return execFileSync('git', ['-c', 'user.name=walkthrough', '-c', 'user.email=walkthrough@example.com', ...args], { cwd: work, env, encoding: 'utf8' });
}

const gitStatus = () => git('status', '--porcelain', '--untracked-files=all');

/** The environment of a newcomer's shell: nothing of this test run's service settings. */
function shellEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'AMQP_URL', 'PORT', 'HOST', 'DATA_DIR', 'PUBLIC_BASE_URL', 'MODE', 'ROLE', 'LOG_LEVEL', 'NODE_OPTIONS']) delete env[k];
  return env;
}

let base: string;
let receiverPort: string;
let statusBefore: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'pixpay-walkthrough-'));
  logs = mkdtempSync(join(tmpdir(), 'pixpay-walkthrough-logs-'));
  for (const entry of ['dist', 'node_modules', 'package.json', 'scripts']) symlinkSync(join(ROOT, entry), join(work, entry));
  copyFileSync(join(ROOT, '.gitignore'), join(work, '.gitignore'));
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'the project folder before the tour');
  statusBefore = gitStatus();
  const env = shellEnv();
  const receiver = await startProgram(['dist/src/cli/webhook-receiver.js', '--port', '0'], env, /listening on https:\/\/localhost:(\d+)\//);
  receiverPort = receiver.match[1]!;
  const service = await startProgram(
    ['dist/src/main.js'],
    { ...env, PORT: '0', WEBHOOK_ALLOW_HOSTS: 'localhost', WEBHOOK_CA_FILE: 'data/webhook-receiver/cert.pem' },
    /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"pixpay listening"/,
  );
  base = service.match[1]!;
}, 240_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  if (work) rmSync(work, { recursive: true, force: true });
  if (logs) rmSync(logs, { recursive: true, force: true });
});

const localize = (code: string) => code.replaceAll('127.0.0.1:3000', base.replace('http://', '')).replaceAll('localhost:4443', `localhost:${receiverPort}`);

/** Where the README says to save the subscription snippet, and the command it says runs it. */
function subscriptionScript(): { path: string; run: string } {
  const path = /Save this as `([^`]+)`/.exec(SECTION)?.[1];
  const run = [...SECTION.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!).find((c) => path && c.includes(`node ${path}`));
  if (!path || !run) throw new Error('the README names no file for the subscription snippet, or no command that runs it');
  return { path, run: run.replace(/\s*&$/, '') };
}

/**
 * The walk-through as one script. The subscription snippet is saved where the README says,
 * as written (it must follow BASE: the service is not on port 3000), and runs in the background.
 */
function script(): string {
  const parts = ['set -euo pipefail'];
  const subscribeLog = join(logs, 'subscribe.log');
  for (const b of BLOCKS) {
    if (b.lang === 'sh') parts.push(localize(b.code));
    if (b.lang === 'js') {
      const { path, run } = subscriptionScript();
      parts.push(
        `cat > ${path} <<'PIXPAY_SNIPPET_END'\n${b.code}PIXPAY_SNIPPET_END`,
        `${run} > ${subscribeLog} 2>&1 &`,
        `for i in $(seq 1 100); do grep -q subscribed ${subscribeLog} && break; sleep 0.2; done`,
      );
    }
  }
  parts.push(`for i in $(seq 1 100); do grep -q '"status":"PAID"' ${subscribeLog} && break; sleep 0.2; done`, 'kill %1');
  return parts.join('\n');
}

/** `# ...` lines of the sh blocks and the lines of the text block: what the README says is printed. */
function expectedLines(): string[] {
  const fromSh = BLOCKS.filter((b) => b.lang === 'sh').flatMap((b) =>
    b.code
      .split('\n')
      .filter((l) => l.startsWith('# '))
      .map((l) => l.slice(2)),
  );
  const fromText = BLOCKS.filter((b) => b.lang === 'text').flatMap((b) => b.code.split('\n').filter((l) => l && l !== '...'));
  return [...fromSh, ...fromText];
}

const asPattern = (line: string) => new RegExp(`^${line.split('...').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

describe("the README's walk-through", () => {
  it('has the steps the issue asks for', () => {
    expect(BLOCKS.filter((b) => b.lang === 'sh').length).toBeGreaterThanOrEqual(8);
    expect(BLOCKS.filter((b) => b.lang === 'shell').map((b) => b.code)).toEqual([expect.stringContaining('npm run -s webhook-receiver'), expect.stringContaining('npm start')]);
    expect(BLOCKS.some((b) => b.lang === 'js' && b.code.includes('connectionParams'))).toBe(true);
  });

  it('runs as written and prints what it shows', async () => {
    const run = spawn('bash', ['-c', script()], { cwd: work, env: shellEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    run.stdout.on('data', (c: Buffer) => (output += c.toString()));
    run.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    // Whatever else went wrong: nothing the tour wrote (an API key, a webhook secret) is left for a `git add .`.
    expect.soft(gitStatus(), 'files the tour left untracked or changed in the project folder').toBe(statusBefore);
    expect(code, output).toBe(0);
    const printed = [...output.split('\n'), ...readFileSync(join(logs, 'subscribe.log'), 'utf8').split('\n')].map((l) => l.trimEnd());
    const missing = expectedLines()
      .map(localize)
      .filter((line) => !printed.some((p) => asPattern(line).test(p)));
    expect(missing, output).toEqual([]);
    expect(readFileSync(join(work, 'tour/qr.png')).subarray(1, 4).toString()).toBe('PNG');
  }, 180_000);
});
