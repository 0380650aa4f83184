// negotiator 0.6 (the version `compression` uses) takes a preference order; its published types
// predate that argument.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The best of `available` for the request's Accept-Encoding, ties going to `preferred`'s order. */
    encoding(available: string[], preferred?: string[]): string | undefined;
  }
}
