/** The little of s3rver (a development dependency, no types of its own) that `testing.ts` uses. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory: string;
      silent?: boolean;
      configureBuckets?: Array<{ name: string; configs: unknown[] }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
