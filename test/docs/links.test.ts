import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/compiled';
import { anchorsOf, documentationFiles, linksOf, resolveLink } from './markdown';

/**
 * The documentation's internal links: every relative link of the README, the CHANGELOG
 * and docs/ points at a file of the repository, and every anchor at a heading of its
 * target. Links to other hosts and to the running service's own paths (`/docs`,
 * `/openapi.json`, ...) are not followed.
 */

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/');

function brokenLinks(): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(join(ROOT, file), 'utf8')));
    return anchorCache.get(file)!;
  };
  const broken: string[] = [];
  for (const file of documentationFiles()) {
    for (const { target } of linksOf(file)) {
      if (external(target)) continue;
      const [path = '', anchor] = target.split('#');
      const resolved = resolveLink(file, path);
      if (!resolved) {
        broken.push(`${file}: ${target} (no such file)`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  return broken;
}

/** The pages reachable from the README by following its links. */
function reachableFromReadme(): Set<string> {
  const seen = new Set<string>(['README.md']);
  const queue = ['README.md'];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const { target } of linksOf(file)) {
      if (external(target)) continue;
      const resolved = resolveLink(file, target.split('#')[0] ?? '');
      if (resolved?.endsWith('.md') && !seen.has(resolved)) {
        seen.add(resolved);
        queue.push(resolved);
      }
    }
  }
  return seen;
}

describe('the documentation links', () => {
  it('point at files and headings that exist', () => {
    expect(brokenLinks()).toEqual([]);
  });

  it('reach every page of docs/ from the README (nothing moved out of it is lost)', () => {
    const reachable = reachableFromReadme();
    expect(documentationFiles().filter((f) => !reachable.has(f))).toEqual([]);
  });

  it('are checked: a link to a missing heading is found', () => {
    expect(anchorsOf('# Evidence storage\n## Export: `GET /data-subject/export`\n## Sandbox\n## Sandbox\n')).toEqual(
      new Set(['evidence-storage', 'export-get-data-subject-export', 'sandbox', 'sandbox-1']),
    );
  });
});
