import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createSecureContext, rootCertificates } from 'node:tls';
import { isDomainError } from '../../domain/shared/errors';
import { ATTEMPT_TIMEOUT_MS } from '../../domain/webhooks/delivery-policy';
import type { SignedRequest } from '../../domain/webhooks/webhook-body';
import type { SendOutcome, WebhookSender } from '../../domain/webhooks/webhooks.ports';
import type { Logger } from '../log/logger';
import type { SsrfGuard } from './ssrf-guard';

const EXCERPT_BYTES = 1_024;
/** Bodies up to this size are read to the end so the connection can be reused. */
const DRAIN_LIMIT_BYTES = 64 * 1_024;

export interface HttpsSenderOptions {
  guard: SsrfGuard;
  /** PEM file with an extra CA to trust besides the system ones (WEBHOOK_CA_FILE). */
  caFile?: string;
  /** Whole-attempt deadline: connect, TLS, request and response headers and body. */
  timeoutMs?: number;
  maxSockets?: number;
  /** The operators' log: the precise cause of each connection failure (the seller sees one generic reason). */
  logger?: Pick<Logger, 'warn'>;
}

/**
 * POSTs webhooks over HTTPS with certificate verification on. Every attempt resolves
 * the host again through the SSRF guard and connects to the vetted address (pinned
 * lookup, so a DNS answer cannot change between the check and the connection); the
 * certificate is still checked against the URL's host name. Redirects are not
 * followed. Never throws: failures are reported in the outcome.
 */
export class HttpsWebhookSender implements WebhookSender {
  private readonly agent: Agent;
  private readonly timeoutMs: number;

  constructor(private readonly o: HttpsSenderOptions) {
    this.timeoutMs = o.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    // One secure context built once: passing `ca` per connection would rebuild it for
    // every TLS handshake and put the whole CA list into the agent's pool key.
    const secureContext = o.caFile ? createSecureContext({ ca: [...rootCertificates, readFileSync(o.caFile, 'utf8')] }) : undefined;
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: o.maxSockets ?? 256,
      maxFreeSockets: 256,
      timeout: 30_000,
      ...(secureContext ? { secureContext } : {}),
    });
  }

  async send(target: string, req: SignedRequest): Promise<SendOutcome> {
    const outcome = await this.attempt(target, req);
    if (outcome.networkError && outcome.error !== undefined) this.o.logger?.warn({ target: hostAndPort(target), cause: outcome.error }, 'webhook connection failed');
    return outcome;
  }

  private async attempt(target: string, req: SignedRequest): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return { networkError: true, error: 'INVALID_URL', latencyMs: elapsed() };
    }
    let lookupFn: LookupFunction | undefined;
    try {
      const resolved = await this.o.guard.resolveTarget(url);
      if (resolved.address !== null) {
        const { address, family } = resolved;
        lookupFn = ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
          if (opts?.all) cb(null, [{ address, family }]);
          else cb(null, address, family);
        }) as unknown as LookupFunction;
      }
    } catch (e) {
      const code = isDomainError(e) ? (e.code === 'WEBHOOK_HOST_UNRESOLVABLE' ? 'DNS_FAILED' : 'ADDRESS_REFUSED') : 'DNS_FAILED';
      return { networkError: true, error: code, latencyMs: elapsed() };
    }
    const remaining = this.timeoutMs - elapsed();
    if (remaining <= 0) return { timedOut: true, error: 'TIMEOUT', latencyMs: elapsed() };

    const body = Buffer.from(req.json, 'utf8');
    return new Promise<SendOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: Omit<SendOutcome, 'latencyMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...outcome, latencyMs: elapsed() });
      };
      const r = request(
        url,
        {
          method: 'POST',
          agent: this.agent,
          headers: { ...req.headers, 'content-length': String(body.length) },
          ...(lookupFn ? { lookup: lookupFn } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const statusCode = res.statusCode ?? 0;
          const retryAfter = res.headers['retry-after'];
          const done = () =>
            finish({
              statusCode,
              responseExcerpt: excerpt(Buffer.concat(chunks)),
              ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
            });
          res.on('data', (chunk: Buffer) => {
            if (size < EXCERPT_BYTES) chunks.push(chunk);
            size += chunk.length;
            if (size > DRAIN_LIMIT_BYTES) {
              done();
              res.destroy();
            }
          });
          res.on('end', done);
          res.on('error', done);
          res.on('aborted', done);
        },
      );
      const timer = setTimeout(() => {
        finish({ timedOut: true, error: 'TIMEOUT' });
        r.destroy(new Error('webhook attempt timed out'));
      }, remaining);
      r.on('error', (err: NodeJS.ErrnoException) => finish({ networkError: true, error: err.code ?? err.message.slice(0, 100) }));
      r.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** `host:port` of a target, for the log (its path and query may carry a seller's tokens). */
function hostAndPort(target: string): string {
  try {
    const url = new URL(target);
    return `${url.hostname}:${url.port || '443'}`;
  } catch {
    return 'invalid URL';
  }
}

function excerpt(buf: Buffer): string | undefined {
  if (buf.length === 0) return undefined;
  // Cut at 1 KB without splitting a UTF-8 sequence.
  let end = Math.min(buf.length, EXCERPT_BYTES);
  if (end < buf.length) while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}
