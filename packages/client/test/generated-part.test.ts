import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE, SCHEMA_FILE, schemaSource } from '../scripts/schema-source.mjs';

const SRC = join(__dirname, '..', 'src');
const sources = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts'))
  .map((e) => join(e.parentPath, e.name));

/** Operations of the contract that are not a seller's calls, so the SDK has no method for them. */
const NOT_IN_THE_SDK: Record<string, string> = {
  reportTransactionStatus: "the payment institution's callback, authenticated by its own secret",
  apiPixCallback: "the PSP's API Pix callback (Efí's ?ignorar= form), authenticated by the secret in its URL",
  apiPixCallbackPix: "the PSP's API Pix callback, authenticated by the secret in its URL",
  apiPixCallbackRec: "the PSP's webhookrec callback (PIX Automático recurrences), authenticated by the secret in its URL",
  apiPixCallbackCobr: "the PSP's webhookcobr callback (PIX Automático recurring charges), authenticated by the secret in its URL",
  getMetrics: "operators' Prometheus scrape",
  getQrPng: "read by payers' apps from the charge's pix.qrCode URL",
  getQrSvg: "read by payers' apps from the charge's pix.qrCode URL",
  getPixLocation: "read by the payer's bank from the BR Code's location",
  getPixJwks: "read by the payer's bank to check the location's signature",
  getBoletoPage: "the payer's printable page (the charge's boleto.url)",
  getHome: 'a page for browsers',
  getApiReference: 'a page for browsers',
  getOpenApiJson: 'the contract itself, which the SDK is generated from',
  getOpenApiYaml: 'the contract itself, which the SDK is generated from',
};

type Operation = { operationId: string; method: string; path: string };
function contractOperations(): Operation[] {
  const doc = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => typeof op === 'object' && op !== null && typeof op.operationId === 'string')
      .map(([method, op]) => ({ operationId: op.operationId!, method: method.toUpperCase(), path })),
  );
}

/** The calls the hand-written layer makes: openapi-fetch takes the method and the path template as literals. */
function callsInSources(): Set<string> {
  const calls = new Set<string>();
  for (const file of sources) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\.api\.(GET|POST|PUT|PATCH|DELETE)\(\s*'([^']+)'/g)) calls.add(`${m[1]} ${m[2]}`);
  }
  return calls;
}

describe('the generated part of the SDK', () => {
  it('is generated from the current openapi.json (run `npm run -s openapi:emit`, or `npm run generate -w @pixpay/client`)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await schemaSource());
  });

  it('has a method for every operation of the contract but the ones listed as not a seller\'s', () => {
    const calls = callsInSources();
    const missing = contractOperations().filter((op) => !calls.has(`${op.method} ${op.path}`) && !(op.operationId in NOT_IN_THE_SDK));
    expect(missing.map((op) => op.operationId)).toEqual([]);
    const listedButCalled = contractOperations().filter((op) => op.operationId in NOT_IN_THE_SDK && calls.has(`${op.method} ${op.path}`));
    expect(listedButCalled).toEqual([]);
    const known = new Set(contractOperations().map((op) => op.operationId));
    expect(Object.keys(NOT_IN_THE_SDK).filter((id) => !known.has(id))).toEqual([]);
  });

  it('imports nothing from Node outside the webhook verifier, so the client runs in browsers', () => {
    const nodeImports = sources
      .filter((f) => !relative(SRC, f).startsWith('webhooks'))
      .filter((f) => /from\s+'node:|require\('node:|from\s+'(crypto|fs|path|http|https|buffer)'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(nodeImports).toEqual([]);
  });
});
