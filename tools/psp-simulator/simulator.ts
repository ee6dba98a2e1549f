import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { generateCertificates, type SimulatorCertificates } from './certificates';
import { appliesTo, takeFailure } from './faults';
import { PixProblem, sendProblem } from './problem';
import { Psp, type PspOptions } from './psp';
import { cobRoutes } from './routes/cob';
import { cobrRoutes } from './routes/cobr';
import { cobvRoutes } from './routes/cobv';
import { ControlError, controlRoutes } from './routes/control';
import { controlRecRoutes } from './routes/control-rec';
import { interPayoutRoutes } from './routes/inter-payout';
import { payoutRoutes } from './routes/payout';
import { locRecRoutes } from './routes/locrec';
import { pixRoutes } from './routes/pix';
import { recRoutes } from './routes/rec';
import { solicRecRoutes } from './routes/solicrec';
import { tokenRoutes } from './routes/token';
import { webhookRoutes } from './routes/webhook';
import { webhookRecRoutes } from './routes/webhook-rec';

export interface SimulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Plain HTTP instead of HTTPS with client certificates (loopback only). */
  http?: boolean;
  /** Certificates to serve with; fresh ones are made when absent. */
  certificates?: SimulatorCertificates;
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
  merchantName?: string;
  merchantCity?: string;
  cnpj?: string;
  /** Extra CAs trusted for callback receivers (PEM). */
  callbackCa?: string[];
  /** Called after each answer of the API Pix or the token endpoint (tests check conformance with it). */
  observe?: (exchange: Exchange) => void;
  /** The state of a simulator that crashed: a restart on its port resumes what the PSP held. */
  psp?: Psp;
}

/** One request to the API Pix (or the token endpoint) and its answer, as parsed by the simulator. */
export interface Exchange {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed body (JSON or form); undefined when none was sent. */
  requestBody: unknown;
  status: number;
  /** Media type without parameters; undefined for an empty answer. */
  contentType?: string;
  /** The parsed JSON answer; undefined when empty. */
  responseBody: unknown;
}

export interface RunningSimulator {
  /** Where the API Pix lives, e.g. https://127.0.0.1:8443 (no trailing slash). */
  url: string;
  port: number;
  tokenUrl: string;
  certificates: SimulatorCertificates;
  clientId: string;
  clientSecret: string;
  psp: Psp;
  /** Requests being handled right now (received, not yet answered or closed). */
  inFlight(): number;
  close(): Promise<void>;
  /** Stops answering at once (connections reset), keeping the PSP's state for a restart (`psp`). */
  crash(): Promise<void>;
}

/** How long an idle client connection is kept open. */
const KEEP_ALIVE_MS = 60_000;

const API_PREFIXES = /^\/(cob|cobv|cobr|pix|webhook|webhookrec|webhookcobr|locrec|rec|solicrec)(\/|$)/;
/** Efí's and Inter's payout endpoints (and their balances): faults apply to them, the API Pix observer does not (they are not API Pix). */
const PAYOUT_PREFIX = /^\/(v[23]\/gn\/(pix|saldo)|banking\/v2)(\/|$)/;

/** Starts the PSP simulator on 127.0.0.1. */
export async function startPspSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const certificates = options.certificates ?? (await generateCertificates());
  const clientId = options.clientId ?? 'pixpay';
  const clientSecret = options.clientSecret ?? 'pixpay-simulator-secret';
  const pspOptions = (port: number): PspOptions => ({
    receiver: {
      locationHost: `127.0.0.1:${port}`,
      merchantName: options.merchantName ?? 'PixPay Simulador',
      merchantCity: options.merchantCity ?? 'Sao Paulo',
    },
    cnpj: options.cnpj ?? '11222333000181',
    client: { clientId, clientSecret },
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    // The simulator calls receivers with the server's identity, signed by its CA.
    callbackTls: { cert: certificates.serverCert, key: certificates.serverKey, ca: [certificates.caCert, ...(options.callbackCa ?? [])] },
  });

  // The location host needs the port, known after listen: the app is built on the first request.
  let psp: Psp | undefined;
  let app: express.Express | undefined;
  let inFlight = 0;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight++;
    res.once('close', () => inFlight--);
    app!(req, res);
  };
  const server = options.http
    ? http.createServer(handler)
    : https.createServer({ key: certificates.serverKey, cert: certificates.serverCert, ca: certificates.caCert, requestCert: true, rejectUnauthorized: true }, handler);
  // Idle connections are kept a minute, as PSPs' gateways do (Node's default is 5 s): a
  // client whose load comes in waves would otherwise pay a new mutual-TLS handshake on
  // both sides for most calls after each lull.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  psp = options.psp ?? new Psp(pspOptions(port));
  app = buildApp(psp, options.observe);
  const url = `${options.http ? 'http' : 'https'}://127.0.0.1:${port}`;
  return {
    url,
    port,
    tokenUrl: `${url}/oauth/token`,
    certificates,
    clientId,
    clientSecret,
    psp,
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        psp!.reset();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    crash: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function observer(observe: (exchange: Exchange) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!API_PREFIXES.test(req.path) && req.path !== '/oauth/token') return next();
    let sent: unknown;
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      sent = body;
      return send(body as never);
    };
    res.on('finish', () => {
      const contentType = res.get('content-type')?.split(';')[0]!.trim();
      const text = typeof sent === 'string' ? sent : Buffer.isBuffer(sent) ? sent.toString('utf8') : undefined;
      observe({
        method: req.method,
        path: req.path,
        query: new URL(req.originalUrl, 'http://x').searchParams,
        requestBody: req.body,
        status: res.statusCode,
        contentType: text ? contentType : undefined,
        responseBody: text && /json/.test(contentType ?? '') ? JSON.parse(text) : undefined,
      });
    });
    next();
  };
}

function buildApp(psp: Psp, observe?: (exchange: Exchange) => void): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res, next) => {
    res.locals.correlationId = randomUUID();
    next();
  });
  app.use(express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] }));
  app.use(express.urlencoded({ extended: false, limit: '64kb' }));
  if (observe) app.use(observer(observe));

  // Faults apply to the API Pix and the token endpoint, never to the control API.
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    const api = API_PREFIXES.test(req.path) || PAYOUT_PREFIX.test(req.path) || req.path === '/oauth/token';
    if (!api || !appliesTo(psp.faults, req.path)) return next();
    if (psp.faults.latencyMs > 0) await new Promise((r) => setTimeout(r, psp.faults.latencyMs));
    const answerDelay = psp.faults.answerDelayMs;
    if (answerDelay > 0) {
      const send = res.send.bind(res);
      res.send = (body?: unknown) => {
        setTimeout(() => send(body as never), answerDelay);
        return res;
      };
    }
    if ((API_PREFIXES.test(req.path) || PAYOUT_PREFIX.test(req.path)) && takeFailure(psp.faults, req.path)) {
      const status = psp.faults.failStatus;
      const [tipo, title] =
        status === 500 ? ['ErroInternoDoServidor', 'Erro interno do servidor'] : status === 504 ? ['IndisponibilidadePorTempoEsgotado', 'Tempo esgotado'] : ['ServicoIndisponivel', 'Serviço Indisponível'];
      return next(new PixProblem(status, tipo, title, 'Falha simulada.'));
    }
    next();
  });

  app.use(tokenRoutes(psp));
  app.use(cobRoutes(psp));
  app.use(cobvRoutes(psp));
  app.use(pixRoutes(psp));
  app.use(webhookRoutes(psp));
  app.use(locRecRoutes(psp));
  app.use(recRoutes(psp));
  app.use(solicRecRoutes(psp));
  app.use(cobrRoutes(psp));
  app.use(webhookRecRoutes(psp));
  app.use(payoutRoutes(psp));
  app.use(interPayoutRoutes(psp));
  app.use(controlRoutes(psp));
  app.use(controlRecRoutes(psp));

  app.use((req: Request) => {
    throw new PixProblem(404, 'NaoEncontrado', 'Não encontrado.', `${req.method} ${req.path} não existe neste simulador.`);
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const correlationId = res.locals.correlationId as string;
    if (err instanceof ControlError) return res.status(err.status).json({ error: err.message });
    if (err instanceof PixProblem) return sendProblem(res, err, correlationId);
    const status = (err as { status?: number }).status;
    if (status !== undefined && status >= 400 && status < 500) {
      // Malformed JSON, an oversized body: the body could not be read.
      return sendProblem(res, new PixProblem(400, 'RequisicaoInvalida', 'Requisição inválida.', (err as Error).message), correlationId);
    }
    process.stderr.write(`psp-simulator: ${req.method} ${req.path}: ${(err as Error)?.stack ?? String(err)}\n`);
    sendProblem(res, new PixProblem(500, 'ErroInternoDoServidor', 'Erro interno do servidor'), correlationId);
  });
  return app;
}
