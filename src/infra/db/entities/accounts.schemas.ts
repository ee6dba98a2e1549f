import { EntitySchema } from '@mikro-orm/core';
import type { ApiKey, Seller, Session, User } from '../../../domain/accounts/accounts.types';

/** Mappings of the account aggregates; the domain types stay free of ORM decorators. */
export const UserSchema = new EntitySchema<User>({
  name: 'User',
  tableName: 'users',
  properties: {
    id: { type: 'text', primary: true },
    email: { type: 'text', unique: true },
    passwordHash: { type: 'text', fieldName: 'password_hash' },
    role: { type: 'text' },
    sellerId: { type: 'text', nullable: true, fieldName: 'seller_id' },
    totpSecretEnc: { type: 'text', nullable: true, fieldName: 'totp_secret_enc' },
    totpEnabledAt: { type: 'Date', columnType: 'timestamptz', nullable: true, fieldName: 'totp_enabled_at' },
    totpLastStep: { type: 'number', columnType: 'bigint', nullable: true, fieldName: 'totp_last_step' },
    createdAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'created_at' },
  },
});

export const SellerSchema = new EntitySchema<Seller>({
  name: 'Seller',
  tableName: 'sellers',
  properties: {
    id: { type: 'text', primary: true },
    name: { type: 'text' },
    documentType: { type: 'text', fieldName: 'document_type' },
    documentNumber: { type: 'text', fieldName: 'document_number' },
    kycStatus: { type: 'text', fieldName: 'kyc_status' },
    feePlan: { type: 'json', fieldName: 'fee_plan' },
    createdAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'created_at' },
  },
});

export const ApiKeySchema = new EntitySchema<ApiKey>({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: { type: 'text', primary: true },
    sellerId: { type: 'text', fieldName: 'seller_id' },
    userId: { type: 'text', fieldName: 'user_id' },
    mode: { type: 'text' },
    prefix: { type: 'text' },
    last4: { type: 'text' },
    keyHash: { type: 'text', unique: true, fieldName: 'key_hash' },
    createdAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'created_at' },
    lastUsedAt: { type: 'Date', columnType: 'timestamptz', nullable: true, fieldName: 'last_used_at' },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true, fieldName: 'revoked_at' },
  },
});

export const SessionSchema = new EntitySchema<Session>({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: { type: 'text', primary: true },
    userId: { type: 'text', fieldName: 'user_id' },
    tokenHash: { type: 'text', unique: true, fieldName: 'token_hash' },
    createdAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'created_at' },
    expiresAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'expires_at' },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true, fieldName: 'revoked_at' },
  },
});

export const accountSchemas = [UserSchema, SellerSchema, ApiKeySchema, SessionSchema];
