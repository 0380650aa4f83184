/** The database could not be opened: its data folder is in use or cannot be locked, or it is unreachable. */
export class DatabaseOpenError extends Error {
  override name = "DatabaseOpenError";
}
