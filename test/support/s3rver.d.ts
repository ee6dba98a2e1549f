/** The parts of s3rver (an S3-compatible server for tests, no types of its own) the tests use. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  interface S3rverEvent {
    Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
  }

  class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: 'event', listener: (e: S3rverEvent) => void): this;
  }

  export default S3rver;
}
