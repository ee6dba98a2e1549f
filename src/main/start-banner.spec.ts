import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

const facts = (over: Partial<Parameters<typeof startBanner>[0]['config']> = {}, publicBaseUrl = 'http://127.0.0.1:3000') => ({
  url: 'http://127.0.0.1:3000',
  publicBaseUrl,
  version: '1.2.3',
  config: { MODE: 'sandbox' as const, ROLE: 'all' as const, DATA_DIR: './data', DATABASE_URL: undefined, AMQP_URL: undefined, ...over },
});

describe('the start banner', () => {
  it('names the doors, the mode, where the embedded data lives and the first command', () => {
    const text = startBanner(facts());
    expect(text).toMatch(/REST API +http:\/\/127\.0\.0\.1:3000\n/);
    expect(text).toMatch(/GraphQL +http:\/\/127\.0\.0\.1:3000\/graphql  \(open it in a browser for the explorer\)/);
    expect(text).toMatch(/Dashboard +http:\/\/127\.0\.0\.1:3000\/dashboard\//);
    expect(text).toContain('embedded PostgreSQL (PGlite) in ./data');
    expect(text).toContain('npm run -s admin -- create-seller');
    expect(text).not.toContain('Public URL');
  });

  it("says which version runs and where the documentation is", () => {
    const text = startBanner(facts());
    expect(text).toContain('PixPay 1.2.3 is running');
    expect(text).toMatch(/Guide +http:\/\/127\.0\.0\.1:3000\/guide\/\n/);
    expect(startBanner(facts({ ROLE: 'worker' }))).not.toContain('Guide');
  });

  it('names the database and broker without their credentials, and a public URL that differs', () => {
    const text = startBanner(facts({ DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/pixpay', AMQP_URL: 'amqp://guest:pw@mq:5672' }, 'https://pay.example.com'));
    expect(text).toContain('PostgreSQL at db.internal:5432/pixpay');
    expect(text).toContain('RabbitMQ at mq:5672');
    expect(text).toContain('https://pay.example.com  (BR Codes point here)');
    expect(text).not.toMatch(/s3cret|pw@/);
  });

  it('a worker shows only its health address', () => {
    const text = startBanner(facts({ ROLE: 'worker' }));
    expect(text).not.toContain('REST API');
    expect(text).not.toContain('Dashboard');
    expect(text).not.toContain('create-seller');
    expect(text).toContain('/health');
  });
});
