import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exec } from 'jsonpath-rfc9535';
import { parse } from 'yaml';

type Json = any;

const VENDOR = join(__dirname, '../../vendor/bacen-pix-api');

export interface OverlayAction {
  target: string;
  description?: string;
  update?: Json;
  remove?: boolean;
}

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Overlay 1.0's merge: objects merge member by member, arrays are appended to, anything else is replaced. */
function merge(target: Json, update: Json): Json {
  if (Array.isArray(target) && Array.isArray(update)) return [...target, ...structuredClone(update)];
  if (isObject(target) && isObject(update)) {
    for (const [k, v] of Object.entries(update)) target[k] = k in target ? merge(target[k], v) : structuredClone(v);
    return target;
  }
  return structuredClone(update);
}

/**
 * Applies OpenAPI Overlay 1.0 actions in order (JSONPath RFC 9535 targets). An action whose
 * target matches nothing throws: a newer spec that fixed or moved the defect must be noticed.
 */
export function applyOverlay(doc: Json, actions: OverlayAction[]): Json {
  for (const action of actions) {
    const found: { path: (string | number)[] }[] = [];
    exec(doc, action.target, (_value, path) => found.push({ path: [...(path as (string | number)[])] }));
    if (found.length === 0) throw new Error(`overlay action matches nothing: ${action.target} (${action.description ?? ''})`);
    // Later matches first, so that removing array items keeps the earlier indices valid.
    for (const { path } of found.reverse()) {
      const key = path[path.length - 1]!;
      const parent = path.slice(0, -1).reduce((node: Json, k) => node[k], doc);
      if (action.remove) {
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
      } else if (action.update !== undefined) {
        parent[key] = merge(parent[key], action.update);
      }
    }
  }
  return doc;
}

/** The vendored openapi.yaml, unmodified. */
export function rawApiPixSpec(): Json {
  return parse(readFileSync(join(VENDOR, 'openapi.yaml'), 'utf8'));
}

export function apiPixOverlay(): { actions: OverlayAction[] } {
  return parse(readFileSync(join(VENDOR, 'overlay.yaml'), 'utf8'));
}

/** The Central Bank's API Pix as the tests check against: openapi.yaml with overlay.yaml applied. */
export function apiPixSpec(): Json {
  return applyOverlay(rawApiPixSpec(), apiPixOverlay().actions);
}
