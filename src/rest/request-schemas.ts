/**
 * Bodies of REST-only routes (the institution's callback and the sandbox simulations):
 * their commands parse them, the OpenAPI document describes them.
 */
export { InstitutionReport } from '../domain/transactions/institution-report-request';
export { SandboxDisputeDecision, SandboxWithdrawalReport } from '../domain/sandbox/sandbox-report-request';
