#!/usr/bin/env node
// Builds the SDK from one source into ES modules (dist/esm, type-checked by tsc, with
// declarations) and CommonJS (dist/cjs: the same sources transpiled file by file, and the
// same declarations). dist/cjs gets a package.json of its own so Node and TypeScript read
// its files as CommonJS inside this "type": "module" package.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const esm = join(root, 'dist', 'esm');
const cjs = join(root, 'dist', 'cjs');

const filesUnder = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name));

rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

for (const file of filesUnder(src).filter((f) => f.endsWith('.ts'))) {
  const out = join(cjs, relative(src, file)).replace(/\.ts$/, '.js');
  mkdirSync(dirname(out), { recursive: true });
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  writeFileSync(out, outputText);
}
for (const file of filesUnder(esm).filter((f) => f.endsWith('.d.ts'))) copyFileSync(file, join(cjs, relative(esm, file)));
writeFileSync(join(cjs, 'package.json'), '{ "type": "commonjs" }\n');
