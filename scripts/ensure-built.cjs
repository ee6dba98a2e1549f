#!/usr/bin/env node
// Runs `npm run build` only when a source is newer than the last build, so `npm start`,
// `npm run admin` and `npm run bench` start at once after `npm ci` (which builds through
// the `prepare` script). Add a folder to SOURCES when the build grows one.
'use strict';
const { statSync, readdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
const STAMP = join(root, 'dist', '.built');
const SOURCES = ['src', 'bench', 'packages/client/src', 'packages/client/scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function newestMtime(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changed = SOURCES.some((s) => newestMtime(join(root, s)) > built);
if (changed) {
  process.stderr.write('pixpay: sources changed since the last build, compiling (npm run build)...\n');
  const npm = process.env.npm_execpath;
  const r = npm
    ? spawnSync(process.execPath, [npm, 'run', '-s', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(r.status ?? 1);
}
