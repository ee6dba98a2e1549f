#!/usr/bin/env node
// Builds only what is older than its sources, so `npm start`, `npm run admin` and
// `npm run bench` start at once after `npm ci` (which builds through the `prepare`
// script): `npm run build` when the service changed, `npm run build:web` when only the
// dashboard did. `--check` builds nothing and exits 1, naming what is stale.
'use strict';
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { serviceStale, dashboardStale } = require('./build-freshness.cjs');

const root = join(__dirname, '..');

const script = serviceStale() ? 'build' : dashboardStale() ? 'build:web' : null;
if (process.argv.includes('--check')) {
  if (script) process.stderr.write(`pixpay: dist/ is stale (npm run ${script} would run)\n`);
  process.exit(script ? 1 : 0);
}
if (script) {
  process.stderr.write(`pixpay: sources changed since the last build, compiling (npm run ${script})...\n`);
  const npm = process.env.npm_execpath;
  // The build's own output goes to stderr: stdout belongs to the command that asked for it
  // (`npm run -s admin -- create-seller ... > seller.json` must get JSON only).
  const stdio = ['ignore', 2, 2];
  const r = npm
    ? spawnSync(process.execPath, [npm, 'run', '-s', script], { cwd: root, stdio })
    : spawnSync('npm', ['run', '-s', script], { cwd: root, stdio, shell: process.platform === 'win32' });
  process.exit(r.status ?? 1);
}
