// Whether dist/ is older than its sources: the service (tsc, stamped by mark-built.cjs
// after a whole build) and the dashboard (vite, dist/web/index.html). Read by
// ensure-built.cjs. Add a folder here when the build grows one.
'use strict';
const { statSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const SERVICE_SOURCES = ['src', 'bench', 'tools', 'docs', 'packages/client/src', 'packages/client/scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
const DASHBOARD_SOURCES = ['web/src', 'web/index.html', 'web/vite.config.mts', 'web/tsconfig.json', 'schema.graphql'];
const SERVICE_STAMP = join(root, 'dist', '.built');
const DASHBOARD_INDEX = join(root, 'dist', 'web', 'index.html');

// The seller's guide's pictures are rewritten by every run of the dashboard tests; a
// rebuild for them alone would make each test run rebuild the site.
const IGNORED = new Set([join(root, 'docs', 'dashboard', 'images')]);

/** The newest modification time under a folder (or of a file); 0 when it does not exist or is ignored. */
function newestMtime(path) {
  if (IGNORED.has(path)) return 0;
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function builtAt(path) {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

function newerThan(sources, time) {
  return sources.some((s) => newestMtime(join(root, s)) > time);
}

const serviceStale = () => newerThan(SERVICE_SOURCES, builtAt(SERVICE_STAMP));
const dashboardStale = () => newerThan(DASHBOARD_SOURCES, builtAt(DASHBOARD_INDEX));

module.exports = { serviceStale, dashboardStale };
