import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { appealMessage } from '../../domain/disputes/dispute-view';
import { APPEAL_LIMITS, EVIDENCE_MEDIA_TYPE, type EvidenceUpload } from '../../domain/disputes/evidence';
import { validationError } from '../../domain/shared/errors';
import { type GqlContext, requireSeller } from '../context';
import { AppealLimitsType, DisputeStatusGql } from '../types/dispute.types';

@ObjectType('AppealResult', { description: "SPEC's appeal answer: the dispute's id, status (UNDER_REVIEW) and reason, and the files received" })
export class AppealResultType {
  @Field(() => ID) id!: string;
  @Field(() => DisputeStatusGql) status!: string;
  @Field(() => String) appealReason!: string;
  @Field(() => Int) uploadedFiles!: number;
  @Field(() => String) message!: string;
}

/** Reads one upload within the per-file limit (the upload middleware also stops the stream at it). */
async function readUpload(upload: Promise<FileUpload>): Promise<EvidenceUpload> {
  const file = await upload;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.createReadStream()) {
      size += (chunk as Buffer).length;
      if (size > APPEAL_LIMITS.maxFileBytes) break;
      chunks.push(chunk as Buffer);
    }
  } catch {
    size = APPEAL_LIMITS.maxFileBytes + 1; // the middleware's size limit ended the stream
  }
  if (size > APPEAL_LIMITS.maxFileBytes) throw validationError('FILE_TOO_LARGE', `each file must have at most ${APPEAL_LIMITS.maxFileBytes} bytes`, { file: file.filename });
  return { name: file.filename ?? '', content: Buffer.concat(chunks) };
}

/** The appeal through the GraphQL multipart request spec: the same use case, limits and idempotency as REST. */
@Resolver()
export class AppealDisputeResolver {
  @Query(() => AppealLimitsType)
  appealLimits(): AppealLimitsType {
    const { maxFiles, maxFileBytes, maxRequestBytes, maxReasonLength } = APPEAL_LIMITS;
    return Object.assign(new AppealLimitsType(), { maxFiles, maxFileBytes, maxRequestBytes, maxReasonLength, mediaTypes: Object.values(EVIDENCE_MEDIA_TYPE) });
  }

  @Mutation(() => AppealResultType, {
    description: `files: 0 to ${APPEAL_LIMITS.maxFiles}, PDF, JPG or PNG judged by content, at most ${APPEAL_LIMITS.maxFileBytes} bytes each; idempotencyKey as the REST Idempotency-Key (kept 72 h)`,
  })
  async appealDispute(
    @Ctx() ctx: GqlContext,
    @Arg('disputeId', () => ID) disputeId: string,
    @Arg('appealReason', () => String) appealReason: string,
    @Arg('idempotencyKey', () => String) idempotencyKey: string,
    @Arg('files', () => [GraphQLUpload], { nullable: true }) files: Promise<FileUpload>[] | null,
  ) {
    const seller = requireSeller(ctx);
    const uploads = files ?? [];
    if (uploads.length > APPEAL_LIMITS.maxFiles) throw validationError('TOO_MANY_FILES', `at most ${APPEAL_LIMITS.maxFiles} files`, { max: APPEAL_LIMITS.maxFiles });
    const read: EvidenceUpload[] = [];
    for (const u of uploads) read.push(await readUpload(u));
    const { view } = await ctx.services.commands.appealDispute({ seller, fields: { disputeId, appealReason }, files: read, idempotencyKey });
    return Object.assign(new AppealResultType(), { ...view, message: appealMessage(view.uploadedFiles) });
  }
}
