import type { ApiPixCall } from '../../src/infra/apipix/apipix-client';
import { PspProblemError } from '../../src/infra/apipix/apipix-errors';

/**
 * A PSP client answering from a table by path (a paged call's key is `path#pagina`): a value
 * is the body of a 200, an Error is thrown, a path missing is a 404. Every call is recorded.
 */
export function pspAnswers(answers: Record<string, unknown>) {
  const calls: ApiPixCall[] = [];
  const client = {
    call: async (c: ApiPixCall) => {
      calls.push(c);
      const answer = answers[c.query?.pagina !== undefined ? `${c.path}#${c.query.pagina}` : c.path];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new PspProblemError(404, { title: 'Não encontrado' }, `${c.method} ${c.path}`);
      return { status: 200, body: answer as never };
    },
  };
  return { client, calls };
}
