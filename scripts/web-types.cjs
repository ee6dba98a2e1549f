#!/usr/bin/env node
// `npm run web:types`: gql.tada's types of schema.graphql, web/src/graphql-env.d.ts.
// Generated aside and written only when the content changed: gql.tada itself replaces the
// file on every run, which dates web/src as newer than the built dashboard and made the
// type check mark a fresh install's dashboard stale (scripts/build-freshness.cjs).
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const target = join(root, 'web', 'src', 'graphql-env.d.ts');
const cli = join(root, 'node_modules', 'gql.tada', 'bin', 'cli.js');

function readOrNull(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const aside = mkdtempSync(join(tmpdir(), 'pixpay-web-types-'));
try {
  const fresh = join(aside, 'graphql-env.d.ts');
  const run = spawnSync(process.execPath, [cli, 'generate-output', '--tsconfig', join(root, 'web', 'tsconfig.json'), '--output', fresh], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  const content = readFileSync(fresh, 'utf8');
  if (readOrNull(target) !== content) writeFileSync(target, content);
} finally {
  rmSync(aside, { recursive: true, force: true });
}
