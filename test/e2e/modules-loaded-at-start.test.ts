import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/compiled';

/** Packages only some deployments or rare requests need: loaded on first use, never at start. */
const ON_FIRST_USE = ['date-holidays', 'bwip-js', 'nodemailer', 'yaml', 'ioredis', '@aws-sdk/client-s3'];

describe('modules loaded at start', () => {
  it('the compiled composition root loads none of the packages kept for first use', () => {
    const script = `
      require('reflect-metadata');
      require(${JSON.stringify(join(ROOT, 'dist/src/main/start-application.js'))});
      const loaded = Object.keys(require.cache).map((f) => (/node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f) || [])[1]).filter(Boolean);
      process.stdout.write(JSON.stringify([...new Set(loaded)]));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' })) as string[];
    expect(loaded).toContain('express'); // the probe sees the packages that are loaded
    expect(loaded.filter((p) => ON_FIRST_USE.includes(p))).toEqual([]);
  });
});
