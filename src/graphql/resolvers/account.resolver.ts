import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { KycStatus } from '../../domain/accounts/accounts.types';
import { validationError } from '../../domain/shared/errors';
import { Money } from '../types/money.scalar';
import { type GqlContext, requireOperatorUser, requirePrincipal, requireSession, requireSessionUser } from '../context';
import {
  ApiKeyType,
  CreatedApiKeyType,
  KeyModeGql,
  KycStatusGql,
  MeType,
  SellerType,
  SessionType,
  TwoFactorEnrolmentType,
  UserType,
} from '../types/account.types';

/** Onboarding: people, sellers, 2FA and API keys. */
@Resolver()
export class AccountResolver {
  @Query(() => MeType, { description: 'the caller: user (for sessions), seller and credential kind' })
  me(@Ctx() ctx: GqlContext): MeType {
    const p = requirePrincipal(ctx);
    return Object.assign(new MeType(), {
      user: p.kind === 'session' ? UserType.from(p.user) : null,
      seller: p.seller ? SellerType.from(p.seller) : null,
      credential: p.kind,
    });
  }

  @Mutation(() => UserType)
  async signUp(@Ctx() ctx: GqlContext, @Arg('email', () => String) email: string, @Arg('password', () => String) password: string) {
    return UserType.fromView((await ctx.services.commands.signUp({ input: { email, password }, address: ctx.address })).view);
  }

  @Mutation(() => SessionType, { description: 'opens a dashboard session; a user with 2FA on must send twoFactorCode too (MFA_REQUIRED without it)' })
  async logIn(
    @Ctx() ctx: GqlContext,
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Arg('twoFactorCode', () => String, { nullable: true, description: 'the current code of the authenticator app, or an unused recovery code' })
    twoFactorCode: string | null,
    @Arg('cookie', () => Boolean, { defaultValue: false, description: 'the dashboard\'s sign-in: the session goes into an HttpOnly cookie (with its CSRF token in a readable one) and the answer carries no token' })
    cookie: boolean,
  ) {
    if (cookie && !ctx.sessionCookies) throw validationError('COOKIE_NEEDS_HTTP', 'a cookie session is opened over HTTP, not over a WebSocket');
    const { view } = await ctx.services.commands.logIn({ input: { email, password, twoFactorCode }, address: ctx.address });
    if (!cookie) return SessionType.fromView(view);
    ctx.sessionCookies!.set(view.token, new Date(view.expiresAt), ctx.services.clock.now());
    return SessionType.fromView({ ...view, token: null });
  }

  @Mutation(() => Boolean, { description: 'ends the dashboard session whose token made this call' })
  async logOut(@Ctx() ctx: GqlContext) {
    const session = requireSession(ctx);
    await ctx.services.commands.logOut({ sessionId: session.sessionId, sellerId: session.seller?.id });
    ctx.sessionCookies?.clear();
    return true;
  }

  @Mutation(() => SellerType, { description: 'registers the seller of the logged-in user; document is a CPF or CNPJ' })
  async registerSeller(@Ctx() ctx: GqlContext, @Arg('name', () => String) name: string, @Arg('document', () => String) document: string) {
    return SellerType.from(await ctx.services.commands.registerSeller({ user: requireSessionUser(ctx), input: { name, document } }));
  }

  @Mutation(() => TwoFactorEnrolmentType, { description: 'starts TOTP enrolment (the secret and the recovery codes are shown here only); confirm with a code to activate' })
  async enrolTwoFactor(@Ctx() ctx: GqlContext) {
    return Object.assign(new TwoFactorEnrolmentType(), (await ctx.services.commands.enrolTwoFactor({ user: requireSessionUser(ctx) })).view);
  }

  @Mutation(() => UserType)
  async confirmTwoFactor(@Ctx() ctx: GqlContext, @Arg('code', () => String) code: string) {
    return UserType.fromView((await ctx.services.commands.confirmTwoFactor({ user: requireSessionUser(ctx), code, address: ctx.address })).view);
  }

  @Mutation(() => UserType, { description: 'with a current code or, the phone lost, a recovery code' })
  async disableTwoFactor(@Ctx() ctx: GqlContext, @Arg('code', () => String) code: string) {
    return UserType.fromView((await ctx.services.commands.disableTwoFactor({ user: requireSessionUser(ctx), code, address: ctx.address })).view);
  }

  @Mutation(() => CreatedApiKeyType, { description: 'the key is returned only here; live keys need 2FA active' })
  async createApiKey(@Ctx() ctx: GqlContext, @Arg('mode', () => KeyModeGql) mode: KeyModeGql) {
    const { key, apiKey } = (await ctx.services.commands.createApiKey({ user: requireSessionUser(ctx), input: { mode } })).view;
    return Object.assign(new CreatedApiKeyType(), { key, apiKey: ApiKeyType.fromView(apiKey) });
  }

  @Query(() => [ApiKeyType])
  async apiKeys(@Ctx() ctx: GqlContext) {
    return (await ctx.services.apiKeys.list(requireSessionUser(ctx))).map(ApiKeyType.from);
  }

  @Mutation(() => ApiKeyType)
  async revokeApiKey(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return ApiKeyType.fromView((await ctx.services.commands.revokeApiKey({ user: requireSessionUser(ctx), id })).view);
  }

  @Mutation(() => SellerType, { description: 'operators only' })
  async reviewSellerKyc(
    @Ctx() ctx: GqlContext,
    @Arg('sellerId', () => ID) sellerId: string,
    @Arg('status', () => KycStatusGql) status: KycStatusGql,
  ) {
    return SellerType.from(await ctx.services.commands.reviewSellerKyc({ operator: requireOperatorUser(ctx), sellerId, status: status as KycStatus }));
  }

  @Mutation(() => SellerType, { description: 'operators only: a seller\'s fee plan' })
  async setSellerFeePlan(
    @Ctx() ctx: GqlContext,
    @Arg('sellerId', () => ID) sellerId: string,
    @Arg('pixInBasisPoints', () => Int) pixInBasisPoints: number,
    @Arg('pixInFixedCents', () => Money) pixInFixedCents: number,
    @Arg('pixInMinimumCents', () => Money) pixInMinimumCents: number,
    @Arg('withdrawalFixedCents', () => Money) withdrawalFixedCents: number,
    @Arg('boletoFixedCents', () => Money, { nullable: true, description: 'default 300 when omitted' }) boletoFixedCents: number | null,
    @Arg('cardInBasisPoints', () => Int, { nullable: true, description: 'default 399 when omitted' }) cardInBasisPoints: number | null,
    @Arg('cardInFixedCents', () => Money, { nullable: true, description: 'default 0 when omitted' }) cardInFixedCents: number | null,
  ) {
    const input = { pixInBasisPoints, pixInFixedCents, pixInMinimumCents, withdrawalFixedCents, boletoFixedCents, cardInBasisPoints, cardInFixedCents };
    return SellerType.from(await ctx.services.commands.setSellerFeePlan({ operator: requireOperatorUser(ctx), sellerId, input }));
  }
}
