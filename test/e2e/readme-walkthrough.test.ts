import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/compiled';
import { ON_APIPIX, startTestPsp, type TestPsp } from '../support/test-institution';

/**
 * Runs the documentation's walk-throughs: the README's five-minute tour, then the guides
 * (the quick start and the guides after it). Each walk-through is one bash script made of
 * the `sh` blocks of its documents, in the order listed below, run in a scratch project
 * folder (links to dist/, node_modules/ and package.json) against the compiled service and
 * webhook receiver started the way the `shell` blocks of its first document say, on free
 * ports. Every `# ...` output line shown must appear in what the commands printed (`...`
 * stands for anything). The scratch folder is a git work tree with the project's
 * .gitignore, committed before the walk-through: what it writes (an API key, a webhook
 * secret, charges, the QR image, the subscription script) must leave `git status` as it
 * was. The test keeps its own output outside that folder.
 *
 * The order matters: a guide's blocks use the shell variables ($BASE, $KEY, $TX, ...) and
 * files that the quick start made before it, and each later guide sees the balance the
 * earlier ones left. Every `sh` block of docs/ belongs to one of these walk-throughs.
 */

type Child = ChildProcessByStdio<null, Readable, Readable>;
type Block = { lang: string; code: string };

/** The text of `file`, or of its section starting at the heading `section`. */
function textOf(file: string, section?: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!section) return text;
  const start = text.indexOf(`${section}\n`);
  if (start < 0) throw new Error(`${file} has no section ${section}`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The blocks of `file`, or of its section starting at the heading `section`. */
const blocksOf = (file: string, section?: string): Block[] =>
  [...textOf(file, section).matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));

const TOUR = [{ file: 'README.md', section: '## Five-minute tour' }];
/** The guides, in the order their blocks run (see above). */
const GUIDES: Doc[] = [
  { file: 'docs/integrate/quick-start.md' },
  { file: 'docs/integrate/refunds.md' },
  { file: 'docs/integrate/sandbox.md' },
  { file: 'docs/integrate/webhooks.md' },
  { file: 'docs/integrate/disputes.md' },
  { file: 'docs/integrate/due-date-charges.md' },
  { file: 'docs/integrate/recurrences.md' },
  { file: 'docs/integrate/marketplaces.md' },
];

/**
 * `simulatedInstitutionOnly`: a guide whose charges the PSP simulator cannot serve, left out of
 * the run against API Pix (TEST_INSTITUTION=apipix) and run with the simulated institution only
 * (none today: every guide runs on both).
 */
type Doc = { file: string; section?: string; simulatedInstitutionOnly?: boolean };
const blocksOfAll = (docs: Doc[]) => docs.flatMap((d) => blocksOf(d.file, d.section));

/** Where the documents say to save the subscription snippet, and the command they say runs it. */
function subscriptionScript(docs: Doc[]): { path: string; run: string } {
  const text = docs.map((d) => textOf(d.file, d.section)).join('\n');
  const path = /Save this as `([^`]+)`/.exec(text)?.[1];
  const run = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!).find((c) => path && c.includes(`node ${path}`));
  if (!path || !run) throw new Error('the documents name no file for the subscription snippet, or no command that runs it');
  return { path, run: run.replace(/\s*&$/, '') };
}

/** git in `cwd`, blind to this machine's git settings and to any outer repository. */
function git(cwd: string, ...args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
  for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_CEILING_DIRECTORIES']) delete env[k];
  return execFileSync('git', ['-c', 'user.name=walkthrough', '-c', 'user.email=walkthrough@example.com', ...args], { cwd, env, encoding: 'utf8' });
}

/** The environment of a newcomer's shell: nothing of this test run's service settings. */
function shellEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'AMQP_URL', 'PORT', 'HOST', 'DATA_DIR', 'PUBLIC_BASE_URL', 'MODE', 'ROLE', 'LOG_LEVEL', 'NODE_OPTIONS']) delete env[k];
  return env;
}

/** `# ...` lines of the sh blocks and the lines of the text blocks: what the documents say is printed. */
function expectedLines(blocks: Block[]): string[] {
  const fromSh = blocks
    .filter((b) => b.lang === 'sh')
    .flatMap((b) =>
      b.code
        .split('\n')
        .filter((l) => l.startsWith('# '))
        .map((l) => l.slice(2)),
    );
  const fromText = blocks.filter((b) => b.lang === 'text').flatMap((b) => b.code.split('\n').filter((l) => l && l !== '...'));
  return [...fromSh, ...fromText];
}

const asPattern = (line: string) => new RegExp(`^${line.split('...').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

/** A scratch project folder with the service and the webhook receiver started in it. */
class Scratch {
  work = mkdtempSync(join(tmpdir(), 'pixpay-walkthrough-'));
  /** Where the test keeps its own output, outside the project folder. */
  logs = mkdtempSync(join(tmpdir(), 'pixpay-walkthrough-logs-'));
  statusBefore = '';
  base = '';
  receiverPort = '';
  private children: Child[] = [];

  async start(): Promise<void> {
    for (const entry of ['dist', 'node_modules', 'package.json', 'scripts']) symlinkSync(join(ROOT, entry), join(this.work, entry));
    copyFileSync(join(ROOT, '.gitignore'), join(this.work, '.gitignore'));
    git(this.work, 'init', '-q');
    git(this.work, 'add', '-A');
    git(this.work, 'commit', '-q', '-m', 'the project folder before the walk-through');
    this.statusBefore = this.gitStatus();
    const env = shellEnv();
    const receiver = await this.program(['dist/src/cli/webhook-receiver.js', '--port', '0'], env, /listening on https:\/\/localhost:(\d+)\//);
    this.receiverPort = receiver[1]!;
    // TEST_INSTITUTION=apipix: the service runs on the API Pix adapter against a PSP simulator, as the newcomer's could.
    this.psp = ON_APIPIX ? await startTestPsp() : null;
    const serviceEnv = { ...env, ...this.psp?.env, PORT: '0', WEBHOOK_ALLOW_HOSTS: `localhost:${this.receiverPort}`, WEBHOOK_CA_FILE: 'data/webhook-receiver/cert.pem' };
    const service = await this.program(['dist/src/main.js'], serviceEnv, /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"pixpay listening"/);
    this.base = service[1]!;
    await this.psp?.registerCallbacks({ ...(serviceEnv as Record<string, string>), DATA_DIR: join(this.work, 'data') }, this.base);
  }

  private psp: TestPsp | null = null;

  /** Starts a program and resolves with the first stdout match of `ready`. */
  private program(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<RegExpExecArray> {
    const child = spawn(process.execPath, args, { cwd: this.work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.push(child);
    let out = '';
    return new Promise((resolve, reject) => {
      // A first start creates the embedded database: slow on a loaded machine.
      const timer = setTimeout(() => reject(new Error(`${args[0]} did not start: ${out}`)), 180_000);
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const match = ready.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match);
        }
      });
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${args[0]} exited with ${code}: ${out}`));
      });
    });
  }

  gitStatus(): string {
    return git(this.work, 'status', '--porcelain', '--untracked-files=all');
  }

  localize(code: string): string {
    return code.replaceAll('127.0.0.1:3000', this.base.replace('http://', '')).replaceAll('localhost:4443', `localhost:${this.receiverPort}`);
  }

  /** An output line as this run prints it: on API Pix a BR Code is the PSP's (its cob's location, no amount). */
  expected(line: string): string {
    const local = this.localize(line);
    if (!this.psp || !local.startsWith('000201')) return local;
    return `00020101021226...br.gov.bcb.pix25...${new URL(this.psp.sim.url).host}/qr/v2/cob/...5802BR...6304...`;
  }

  /**
   * The blocks as one script. A subscription snippet (js) is saved where the documents
   * say, as written (it must follow BASE: the service is not on port 3000), and runs in
   * the background with the command they give.
   */
  script(docs: Doc[], blocks: Block[]): string {
    const parts = ['set -euo pipefail'];
    const js = blocks.some((b) => b.lang === 'js');
    for (const b of blocks) {
      if (b.lang === 'sh') parts.push(this.localize(b.code));
      if (b.lang === 'js') {
        const { path, run } = subscriptionScript(docs);
        parts.push(
          `cat > ${path} <<'PIXPAY_SNIPPET_END'\n${b.code}PIXPAY_SNIPPET_END`,
          `${run} > ${this.subscribeLog} 2>&1 &`,
          `for i in $(seq 1 100); do grep -q subscribed ${this.subscribeLog} && break; sleep 0.2; done`,
        );
      }
    }
    if (js) parts.push(`for i in $(seq 1 100); do grep -q '"status":"PAID"' ${this.subscribeLog} && break; sleep 0.2; done`, 'kill %1');
    return parts.join('\n');
  }

  get subscribeLog(): string {
    return join(this.logs, 'subscribe.log');
  }

  /** Runs the script; answers its exit code and every line printed (the subscription's log included). */
  async run(docs: Doc[], blocks: Block[]): Promise<{ code: number | null; output: string; printed: string[] }> {
    const run = spawn('bash', ['-c', this.script(docs, blocks)], { cwd: this.work, env: shellEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    run.stdout.on('data', (c: Buffer) => (output += c.toString()));
    run.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    const log = this.subscribeLog;
    const printed = [...output.split('\n'), ...(existsSync(log) ? readFileSync(log, 'utf8').split('\n') : [])].map((l) => l.trimEnd());
    return { code, output, printed };
  }

  async stop(): Promise<void> {
    for (const child of this.children) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    rmSync(this.work, { recursive: true, force: true });
    rmSync(this.logs, { recursive: true, force: true });
    await this.psp?.close();
  }
}

/** A walk-through: its documents' blocks run in one scratch folder, against one service. */
function walkThrough(name: string, docs: Doc[], after: (work: string) => void): void {
  describe(name, () => {
    const scratch = new Scratch();
    beforeAll(() => scratch.start(), 240_000);
    afterAll(() => scratch.stop());

    it('runs as written and prints what it shows', async () => {
      const blocks = blocksOfAll(docs);
      const { code, output, printed } = await scratch.run(docs, blocks);
      // Whatever else went wrong: nothing it wrote (an API key, a webhook secret) is left for a `git add .`.
      expect.soft(scratch.gitStatus(), 'files the walk-through left untracked or changed in the project folder').toBe(scratch.statusBefore);
      expect(code, output).toBe(0);
      const missing = expectedLines(blocks)
        .map((line) => scratch.expected(line))
        .filter((line) => !printed.some((p) => asPattern(line).test(p)));
      expect(missing, output).toEqual([]);
      after(scratch.work);
    }, 240_000);
  });
}

const shellBlocks = (blocks: Block[]) => blocks.filter((b) => b.lang === 'shell').map((b) => b.code);
const markdownFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name.startsWith('.') ? [] : markdownFiles(join(dir, e.name))) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));

describe('the walk-throughs', () => {
  it('have the steps the issue asks for: a short tour in the README, the complete one in the quick start', () => {
    const tour = blocksOfAll(TOUR);
    expect(tour.filter((b) => b.lang === 'sh').length).toBeGreaterThanOrEqual(5);
    expect(shellBlocks(tour)).toEqual([expect.stringContaining('npm run -s webhook-receiver'), expect.stringContaining('npm start')]);
    const start = blocksOf(GUIDES[0]!.file);
    expect(start.filter((b) => b.lang === 'sh').length).toBeGreaterThanOrEqual(8);
    expect(shellBlocks(start)).toEqual([expect.stringContaining('npm run -s webhook-receiver'), expect.stringContaining('npm start')]);
    expect(start.some((b) => b.lang === 'js' && b.code.includes('connectionParams'))).toBe(true);
  });

  it('take in every sh block of the guides', () => {
    const listed = new Set(GUIDES.map((g) => g.file));
    const withSh = markdownFiles('docs').filter((f) => blocksOf(f).some((b) => b.lang === 'sh'));
    expect(withSh.filter((f) => !listed.has(f))).toEqual([]);
  });
});

walkThrough("the README's five-minute tour", TOUR, (work) => {
  expect(readFileSync(join(work, 'tour/qr.png')).subarray(1, 4).toString()).toBe('PNG');
});
walkThrough('the guides, from the quick start on', GUIDES.filter((g) => !(ON_APIPIX && g.simulatedInstitutionOnly)), (work) => {
  expect(readFileSync(join(work, 'tour/qr.png')).subarray(1, 4).toString()).toBe('PNG');
});
