import { Field, ObjectType } from 'type-graphql';
import { SANDBOX_MAGIC_CPFS } from '../../domain/documents/cpf';
import { KycStatusGql } from './account.types';

@ObjectType('SandboxKycDocument', { description: 'a test CPF and the KYC status a seller registered with it gets at once' })
export class SandboxKycDocumentType {
  @Field(() => String, { description: '11 digits' }) document!: string;
  @Field(() => KycStatusGql) kycStatus!: KycStatusGql;
}

@ObjectType('SandboxInfo', { description: 'what the sandbox accepts as test values' })
export class SandboxInfoType {
  @Field(() => [SandboxKycDocumentType], { description: 'a seller registered with another document waits in PENDING_REVIEW for an operator' })
  kycDocuments!: SandboxKycDocumentType[];

  static current(): SandboxInfoType {
    const kycDocuments = Object.entries(SANDBOX_MAGIC_CPFS).map(([document, status]) => Object.assign(new SandboxKycDocumentType(), { document, kycStatus: status as KycStatusGql }));
    return Object.assign(new SandboxInfoType(), { kycDocuments });
  }
}
