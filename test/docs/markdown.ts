import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { ROOT } from '../support/compiled';

/** The documentation's Markdown files, relative to the project root. */
export function documentationFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? (e.name.startsWith('.') ? [] : walk(join(dir, e.name))) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    );
  return ['README.md', 'CHANGELOG.md', ...walk('docs')];
}

/** The text outside fenced code blocks and inline code, where links and headings live. */
export function proseOf(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, (code) => code.replace(/[[\]()]/g, ' '));
}

/** VitePress's heading slugs (its `slugify`), so anchors are checked as the site renders them. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/** The anchors of a Markdown file: its headings' slugs (repeats numbered as VitePress does). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const custom = /\{#([^}]+)\}$/.exec(m[1]!);
    const text = m[1]!
      .replace(/\{#[^}]+\}$/, '')
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\*\*|__/g, '');
    const slug = custom ? custom[1]! : slugify(text);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

export interface Link {
  from: string;
  target: string;
}

/** Markdown links and images (`[text](target)`) and HTML `href`s of a file's prose. */
export function linksOf(file: string): Link[] {
  const prose = proseOf(readFileSync(join(ROOT, file), 'utf8'));
  const targets = [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g), ...prose.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
  return targets.map((target) => ({ from: file, target }));
}

/** The file a relative link points at (VitePress style: `page`, `page.md`, `dir/` for `dir/index.md`), or null. */
export function resolveLink(from: string, path: string): string | null {
  const base = path === '' ? from : normalize(join(dirname(from), decodeURIComponent(path)));
  const candidates = [base, `${base}.md`, join(base, 'index.md'), base.replace(/\.html$/, '.md')];
  return candidates.find((c) => existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile()) ?? null;
}
