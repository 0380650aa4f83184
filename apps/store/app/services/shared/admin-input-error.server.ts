/**
 * A save the back office's services cannot take (a product, a category, a page), named by the field
 * at fault: the REST API answers it as a 400 with that `param` (`rest.refusing`).
 */
export class AdminInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}
