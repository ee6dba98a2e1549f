import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** Compiles the service once for every fault test that runs it as real processes. */
export default function setup(project: TestProject) {
  const root = join(__dirname, '..', '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'pixpay-faults-build-'));
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', dir], { cwd: root });
  project.provide('buildDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    buildDir: string;
  }
}
