/** The little of s3rver (a test-only S3 server without its own types) that test/helpers/s3-server.ts uses. */
declare module 's3rver' {
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
