import { assertMatchesContract } from '../../../../test/support/contract';
import { PixPay, type FetchLike, type PixPayOptions } from '../../src/index.js';

/** fetch that also checks every answer (and the JSON the SDK sent) against openapi.json. */
export const contractCheckedFetch: FetchLike = async (request) => {
  const sentText = request.body ? await request.clone().text() : '';
  const res = await fetch(request);
  const text = await res.clone().text();
  const body = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  const url = new URL(request.url);
  const sent = !sentText
    ? { json: false as const }
    : request.headers.get('content-type')?.includes('json')
      ? { json: true as const, body: JSON.parse(sentText) }
      : undefined;
  assertMatchesContract({ method: request.method, url: url.pathname + url.search, status: res.status, headers: res.headers, body, sent });
  return res;
};

/** The SDK pointed at a started service, its traffic contract-checked. */
export function sdk(app: { url: string }, apiKey: string, extra: Partial<PixPayOptions> = {}): PixPay {
  return new PixPay({ baseUrl: app.url, apiKey, fetch: contractCheckedFetch, ...extra });
}

/** A sleep that records what the SDK asked for, then runs `then` instead of waiting. */
export function recordingSleep(then: (ms: number) => Promise<void> = async () => undefined) {
  const asked: number[] = [];
  return {
    asked,
    sleep: async (ms: number) => {
      asked.push(ms);
      await then(ms);
    },
  };
}
