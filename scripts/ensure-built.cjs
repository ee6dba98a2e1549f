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
const SOURCES = ['src', 'bench', 'docs', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

// The seller's guide's pictures are rewritten by every run of the dashboard tests; a
// rebuild for them alone would make each test run rebuild the site.
const IGNORED = new Set([join(root, 'docs', 'dashboard', 'images')]);

function newestMtime(path) {
  if (IGNORED.has(path)) return 0;
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

// The build's own output goes to stderr: stdout belongs to the command that asked for it
// (`npm run -s admin -- create-seller ... > seller.json` must get JSON only).
const BUILD_STDIO = ['ignore', 2, 2];

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changed = SOURCES.some((s) => newestMtime(join(root, s)) > built);
if (changed) {
  process.stderr.write('pixpay: sources changed since the last build, compiling (npm run build)...\n');
  const npm = process.env.npm_execpath;
  const r = npm
    ? spawnSync(process.execPath, [npm, 'run', '-s', 'build'], { cwd: root, stdio: BUILD_STDIO })
    : spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: BUILD_STDIO, shell: process.platform === 'win32' });
  process.exit(r.status ?? 1);
}
