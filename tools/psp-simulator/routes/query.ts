import type { Request } from 'express';
import { invalid, type Violacao } from '../problem';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

export interface Window {
  inicio: string;
  fim: string;
  inicioMs: number;
  fimMs: number;
  paginaAtual: number;
  itensPorPagina: number;
  cpf?: string;
  cnpj?: string;
}

const one = (req: Request, name: string): string | undefined => {
  const v = req.query[name];
  return typeof v === 'string' ? v : undefined;
};

export function booleanParam(req: Request, name: string, tipo: string): boolean | undefined {
  const v = one(req, name);
  if (v === undefined) return undefined;
  if (v !== 'true' && v !== 'false') throw invalid(tipo, `O parâmetro ${name} não respeita o schema.`, [{ razao: `${name} deve ser true ou false`, propriedade: name, valor: v }]);
  return v === 'true';
}

export { one as queryParam };

/**
 * `inicio`, `fim` (both required, RFC 3339), `cpf`/`cnpj` (not both) and paging of a list
 * query; a 400 of the list's type (`PixConsultaInvalida`, `CobConsultaInvalida`) otherwise.
 */
export function parseWindow(req: Request, tipo: string): Window {
  const violacoes: Violacao[] = [];
  const inicio = one(req, 'inicio');
  const fim = one(req, 'fim');
  for (const [name, value] of [['inicio', inicio], ['fim', fim]] as const) {
    if (value === undefined) violacoes.push({ razao: `O parâmetro ${name} é obrigatório.`, propriedade: name });
    else if (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) violacoes.push({ razao: `O parâmetro ${name} não respeita o schema.`, propriedade: name, valor: value });
  }
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = one(req, name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw) || n < min || n > max) violacoes.push({ razao: `O parâmetro ${name} não respeita o schema.`, propriedade: name, valor: raw });
    return n;
  };
  const paginaAtual = integer('paginacao.paginaAtual', 0, 0, 2_147_483_647);
  const itensPorPagina = integer('paginacao.itensPorPagina', 100, 1, 1000);
  const cpf = one(req, 'cpf');
  const cnpj = one(req, 'cnpj');
  if (cpf !== undefined && !/^\d{11}$/.test(cpf)) violacoes.push({ razao: 'O parâmetro cpf não respeita o schema.', propriedade: 'cpf', valor: cpf });
  if (cnpj !== undefined && !/^[0-9A-Z]{14}$/.test(cnpj)) violacoes.push({ razao: 'O parâmetro cnpj não respeita o schema.', propriedade: 'cnpj', valor: cnpj });
  if (cpf !== undefined && cnpj !== undefined) violacoes.push({ razao: 'Ambos os parâmetros cpf e cnpj estão preenchidos.', propriedade: 'cpf' });
  if (violacoes.length === 0 && Date.parse(fim!) < Date.parse(inicio!)) {
    violacoes.push({ razao: 'O timestamp representado pelo parâmetro fim é anterior ao timestamp representado pelo parâmetro inicio.', propriedade: 'fim', valor: fim });
  }
  if (violacoes.length > 0) throw invalid(tipo, 'Os parâmetros da consulta não respeitam o schema ou não fazem sentido semanticamente.', violacoes);
  return { inicio: inicio!, fim: fim!, inicioMs: Date.parse(inicio!), fimMs: Date.parse(fim!), paginaAtual, itensPorPagina, cpf, cnpj };
}

/** `paginacao` of a list answer; `quantidadeDePaginas` is at least 1 (the spec's minimum), an empty list has one empty page. */
export function paginacao(w: Window, total: number) {
  return { paginaAtual: w.paginaAtual, itensPorPagina: w.itensPorPagina, quantidadeDePaginas: Math.max(1, Math.ceil(total / w.itensPorPagina)), quantidadeTotalDeItens: total };
}

/**
 * A list answer: `parametros` (the window, the filters given, `paginacao`) and the page of
 * `items` asked for, under the list's name (`cobs`, `recs`, `cobsr`, `loc`).
 */
export function listAnswer<T>(w: Window, filters: Record<string, unknown>, list: string, items: T[], toJson: (item: T) => Record<string, unknown>): Record<string, unknown> {
  const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  const start = w.paginaAtual * w.itensPorPagina;
  return {
    parametros: { inicio: w.inicio, fim: w.fim, ...given, paginacao: paginacao(w, items.length) },
    [list]: items.slice(start, start + w.itensPorPagina).map(toJson),
  };
}

/** A route parameter (express 5 types them as possibly repeated). */
export const pathParam = (req: Request, name: string): string => String(req.params[name]);
