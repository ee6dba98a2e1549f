import { randomBytes, randomInt } from 'node:crypto';
import { reaisOf } from './amount';

/** A devolução of a received Pix, as the API Pix shows it (`Devolucao`). */
export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza: 'ORIGINAL' | 'RETIRADA' | 'MED_OPERACIONAL' | 'MED_FRAUDE' | 'MED_PIX_AUTOMATICO';
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

/** What only some Pix carry; kept apart so that a million seeded Pix stay a few typed arrays. */
interface PixExtras {
  infoPagador?: string;
  pagador?: { cpf?: string; cnpj?: string };
  /** A paid cobv's `componentesValor` (the others have their original only). */
  componentes?: Record<string, { valor: string }>;
  devolucoes?: Devolucao[];
}

export interface NewPix {
  cents: number;
  horario: number;
  txid?: string;
  chave: string;
  infoPagador?: string;
  pagador?: { cpf?: string; cnpj?: string };
  componentes?: Record<string, { valor: string }>;
}

export interface PixFilter {
  inicio: number;
  fim: number;
  txid?: string;
  txIdPresente?: boolean;
  devolucaoPresente?: boolean;
  cpf?: string;
  cnpj?: string;
}

/** The simulator's ISPB in the end-to-end ids of the Pix it receives (a payer institution made up for it). */
export const PAYER_ISPB = '99999999';
const SEQ_WIDTH = 10;
/** Below 36^10 less any store's size, so that offset + number stays SEQ_WIDTH digits. */
const randomSeqOffset = () => randomInt(2 ** 47);
const NO_TXID = -1;
const SEEDED_TXID = -2;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const stamp = (ms: number) => {
  const d = new Date(ms);
  return pad(d.getUTCFullYear(), 4) + pad(d.getUTCMonth() + 1) + pad(d.getUTCDate()) + pad(d.getUTCHours()) + pad(d.getUTCMinutes());
};

/**
 * Received Pix in columns: amount, time, txid and key references. The end-to-end id is
 * derived from the record's number ('E' + ISPB + yyyyMMddHHmm + 'x' + number in base 36), so
 * a lookup decodes it instead of keeping a map of a million strings. The number starts at a
 * random offset drawn per store (and at each reset): two simulators, or one reset, paying in
 * the same minute must not make the same end-to-end id, which names one Pix for good.
 */
export class PixStore {
  private size = 0;
  private seqOffset = randomSeqOffset();
  private cents = new Float64Array(1024);
  private horario = new Float64Array(1024);
  private txidRef = new Int32Array(1024);
  private chaveRef = new Uint16Array(1024);
  private readonly txids: string[] = [];
  private readonly txidIndex = new Map<string, number>();
  private readonly chaves: string[] = [];
  private readonly extras = new Map<number, PixExtras>();
  /** Whether records arrived in time order (then the record number is the time order). */
  private sorted = true;
  private lastHorario = -Infinity;
  /** Record numbers ordered by time, when they did not arrive in order; rebuilt after a write. */
  private byTime: number[] | null = null;

  get count(): number {
    return this.size;
  }

  reset(): void {
    this.size = 0;
    this.seqOffset = randomSeqOffset();
    this.txids.length = 0;
    this.txidIndex.clear();
    this.chaves.length = 0;
    this.extras.clear();
    this.sorted = true;
    this.lastHorario = -Infinity;
    this.byTime = null;
  }

  add(p: NewPix): number {
    const seq = this.append(p.cents, p.horario, p.txid === undefined ? NO_TXID : this.txidRefOf(p.txid), this.chaveRefOf(p.chave));
    if (p.infoPagador || p.pagador || p.componentes) this.extras.set(seq, { infoPagador: p.infoPagador, pagador: p.pagador, componentes: p.componentes });
    return seq;
  }

  /** `count` Pix spread evenly over [start, end) with amounts from R$ 1.00 to R$ 999.99; each has a derived txid unless told otherwise. */
  seed(count: number, start: number, end: number, chave: string, withTxid: boolean): void {
    const chaveRef = this.chaveRefOf(chave);
    const step = (end - start) / count;
    this.reserve(this.size + count);
    for (let i = 0; i < count; i++) {
      const cents = 100 + ((i * 7919) % 99_900);
      this.append(cents, Math.floor(start + i * step), withTxid ? SEEDED_TXID : NO_TXID, chaveRef);
    }
  }

  e2eidOf(seq: number): string {
    return `E${PAYER_ISPB}${stamp(this.horario[seq]!)}x${(this.seqOffset + seq).toString(36).padStart(SEQ_WIDTH, '0')}`;
  }

  /** The record number of an end-to-end id, or null when it names no Pix here. */
  find(e2eid: string): number | null {
    if (e2eid.length !== 32 || e2eid[21] !== 'x') return null;
    const seq = parseInt(e2eid.slice(22), 36) - this.seqOffset;
    if (!Number.isInteger(seq) || seq < 0 || seq >= this.size) return null;
    return this.e2eidOf(seq) === e2eid ? seq : null;
  }

  txidOf(seq: number): string | undefined {
    const ref = this.txidRef[seq]!;
    if (ref === NO_TXID) return undefined;
    if (ref === SEEDED_TXID) return `seed${seq.toString(36).padStart(22, '0')}`;
    return this.txids[ref];
  }

  chaveOf(seq: number): string {
    return this.chaves[this.chaveRef[seq]!]!;
  }

  centsOf(seq: number): number {
    return this.cents[seq]!;
  }

  horarioOf(seq: number): number {
    return this.horario[seq]!;
  }

  devolucoesOf(seq: number): Devolucao[] {
    return this.extras.get(seq)?.devolucoes ?? [];
  }

  addDevolucao(seq: number, d: Devolucao): void {
    const extras = this.extras.get(seq) ?? {};
    extras.devolucoes = [...(extras.devolucoes ?? []), d];
    this.extras.set(seq, extras);
  }

  /** The API Pix `Pix` object. */
  toJson(seq: number): Record<string, unknown> {
    const extras = this.extras.get(seq);
    const txid = this.txidOf(seq);
    const valor = reaisOf(this.cents[seq]!);
    return {
      endToEndId: this.e2eidOf(seq),
      ...(txid !== undefined ? { txid } : {}),
      valor,
      ...(txid !== undefined ? { componentesValor: extras?.componentes ?? { original: { valor } } } : {}),
      chave: this.chaveOf(seq),
      horario: new Date(this.horario[seq]!).toISOString(),
      ...(extras?.infoPagador ? { infoPagador: extras.infoPagador } : {}),
      ...(extras?.devolucoes?.length ? { devolucoes: extras.devolucoes } : {}),
    };
  }

  /** One page of the Pix received in [inicio, fim] (both inclusive), oldest first, and how many there are in all. */
  page(filter: PixFilter, pagina: number, porPagina: number): { total: number; items: number[] } {
    const at = this.timeOrder();
    const from = this.lowerBound(at, filter.inicio);
    const to = this.lowerBound(at, filter.fim + 1);
    const plain = filter.txid === undefined && filter.txIdPresente === undefined && filter.devolucaoPresente === undefined && !filter.cpf && !filter.cnpj;
    if (plain) {
      const total = Math.max(0, to - from);
      const start = from + pagina * porPagina;
      const items: number[] = [];
      for (let i = start; i < Math.min(to, start + porPagina); i++) items.push(at(i));
      return { total, items };
    }
    const matching: number[] = [];
    for (let i = from; i < to; i++) if (this.matches(at(i), filter)) matching.push(at(i));
    return { total: matching.length, items: matching.slice(pagina * porPagina, (pagina + 1) * porPagina) };
  }

  private matches(seq: number, f: PixFilter): boolean {
    const txid = this.txidOf(seq);
    if (f.txid !== undefined && txid !== f.txid) return false;
    if (f.txIdPresente !== undefined && (txid !== undefined) !== f.txIdPresente) return false;
    if (f.devolucaoPresente !== undefined && this.devolucoesOf(seq).length > 0 !== f.devolucaoPresente) return false;
    const pagador = this.extras.get(seq)?.pagador;
    if (f.cpf && pagador?.cpf !== f.cpf) return false;
    if (f.cnpj && pagador?.cnpj !== f.cnpj) return false;
    return true;
  }

  private append(cents: number, horario: number, txidRef: number, chaveRef: number): number {
    this.reserve(this.size + 1);
    const seq = this.size++;
    this.cents[seq] = cents;
    this.horario[seq] = horario;
    this.txidRef[seq] = txidRef;
    this.chaveRef[seq] = chaveRef;
    if (horario >= this.lastHorario) {
      this.lastHorario = horario;
      this.byTime?.push(seq); // a new latest record keeps the order: no re-sort
    } else {
      this.sorted = false;
      this.byTime = null;
    }
    return seq;
  }

  /** Record numbers in time order (ties by number); the identity, without an array, while they arrived in order. */
  private timeOrder(): (i: number) => number {
    if (this.sorted) return (i) => i;
    if (!this.byTime) {
      const order = Array.from({ length: this.size }, (_, i) => i);
      order.sort((a, b) => this.horario[a]! - this.horario[b]! || a - b);
      this.byTime = order;
    }
    const order = this.byTime;
    return (i) => order[i]!;
  }

  private lowerBound(at: (i: number) => number, t: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.horario[at(mid)]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private reserve(n: number): void {
    if (n <= this.cents.length) return;
    const capacity = Math.max(n, this.cents.length * 2);
    const grow = <T extends Float64Array | Int32Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity);
      b.set(a.subarray(0, this.size) as never);
      return b;
    };
    this.cents = grow(this.cents, (c) => new Float64Array(c));
    this.horario = grow(this.horario, (c) => new Float64Array(c));
    this.txidRef = grow(this.txidRef, (c) => new Int32Array(c));
    this.chaveRef = grow(this.chaveRef, (c) => new Uint16Array(c));
  }

  private txidRefOf(txid: string): number {
    let ref = this.txidIndex.get(txid);
    if (ref === undefined) {
      ref = this.txids.push(txid) - 1;
      this.txidIndex.set(txid, ref);
    }
    return ref;
  }

  private chaveRefOf(chave: string): number {
    const found = this.chaves.indexOf(chave);
    return found >= 0 ? found : this.chaves.push(chave) - 1;
  }
}

/** A return id (`rtrId`): 'D' + ISPB + yyyyMMddHHmm + 11 random alphanumerics. */
export function newRtrId(now: number): string {
  const random = randomBytes(11).toString('base64').replace(/[^a-zA-Z0-9]/g, '0').slice(0, 11);
  return `D${PAYER_ISPB}${stamp(now)}${random}`;
}
