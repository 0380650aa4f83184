/** The database could not be opened (a folder in use by another process, a server that refused). */
export class DatabaseOpenError extends Error {
  override name = "DatabaseOpenError";
}
