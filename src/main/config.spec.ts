import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for the embedded sandbox', () => {
    const c = loadConfig({});
    expect(c.MODE).toBe('sandbox');
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe('./data');
    expect(c.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(c.GRAPHQL_STACK_TRACES).toBe(false);
  });

  it.each([
    [{ MODE: 'staging' }, 'MODE'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ AMQP_URL: 'http://x' }, 'AMQP_URL'],
    [{ PUBLIC_BASE_URL: 'not a url' }, 'PUBLIC_BASE_URL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ MODE: 'production' }, 'APP_SECRET'],
    [{ BODY_LIMIT: 'lots' }, 'BODY_LIMIT'],
    [{ GRAPHQL_STACK_TRACES: 'yes' }, 'GRAPHQL_STACK_TRACES'],
    [{ MODE: 'production', APP_SECRET: '6f1c2b9e8d7a4035b1e2c3d4f5a69788e1d2c3b4a5968778695a4b3c2d1e0f9a', INSTITUTION_CALLBACK_SECRET: 'b7e4d1a8c5f2093e6b4a7d1c8e5f2a9b3c6d0e4f7a1b8c5d2e9f6a3b0c7d4e1f', GRAPHQL_STACK_TRACES: 'true' }, 'GRAPHQL_STACK_TRACES'],
  ])('rejects %o naming %s', (env, name) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).problems.join('\n')).toContain(name);
    }
  });

  it('explains a refused value in a sentence, without repeating secrets', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT must be a number from 0 to 65535, got "abc".');
    const secret = () => loadConfig({ APP_SECRET: 'short-secret' });
    expect(secret).toThrow('APP_SECRET must have at least 32 characters (the value given has 12 characters).');
    expect(secret).not.toThrow(/short-secret/);
    expect(() => loadConfig({ PORT: '-1', MODE: 'x' })).toThrow(/the configuration has 2 problems:\n {2}- MODE must be sandbox or production, got "x"\.\n {2}- PORT must be/);
  });

  it('splits the webhook allow-list into hosts and ports (a bare host is port 443)', () => {
    expect(loadConfig({ WEBHOOK_ALLOW_HOSTS: ' Localhost:8443, 127.0.0.1 ,' }).WEBHOOK_ALLOW_HOSTS).toEqual([
      { host: 'localhost', port: 8443 },
      { host: '127.0.0.1', port: 443 },
    ]);
    expect(() => loadConfig({ WEBHOOK_ALLOW_HOSTS: 'localhost:http' })).toThrow(/^WEBHOOK_ALLOW_HOSTS must list host:port/);
  });

  it('keeps evidence in PostgreSQL unless told otherwise; s3 needs a bucket and both keys or neither', () => {
    expect(loadConfig({}).EVIDENCE_STORE).toBe('postgres');
    const s3 = loadConfig({ EVIDENCE_STORE: 's3', S3_BUCKET: 'evidence', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect([s3.EVIDENCE_STORE, s3.S3_BUCKET, s3.S3_REGION, s3.S3_FORCE_PATH_STYLE, s3.S3_KEY_PREFIX]).toEqual(['s3', 'evidence', 'us-east-1', true, 'dispute-evidence/']);
    expect(() => loadConfig({ EVIDENCE_STORE: 's3' })).toThrow('EVIDENCE_STORE=s3 needs S3_BUCKET, the bucket evidence files are kept in.');
    expect(() => loadConfig({ EVIDENCE_STORE: 'disk' })).toThrow('EVIDENCE_STORE must be postgres or s3, got "disk".');
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/^S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/^S3_FORCE_PATH_STYLE must be true or false/);
    const halfKeys = () => loadConfig({ EVIDENCE_STORE: 's3', S3_BUCKET: 'evidence', S3_SECRET_ACCESS_KEY: 'very-secret-value' });
    expect(halfKeys).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(halfKeys).not.toThrow(/very-secret-value/);
  });
});
