import { createHash } from "node:crypto";
import { readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { DatabaseOpenError } from "./database-open-error.ts";

/**
 * PGlite is a single-process database: two processes writing the same folder corrupt it. The owner
 * holds a listening local socket named after the folder for as long as the database is open; the
 * operating system closes it when the process ends, however it ends, so a crash leaves no lock
 * behind. (A pid in a file could not tell: after a restart that pid often belongs to someone else.)
 */
export type LockAddress = {
  /** What `listen` binds: an abstract name, a named pipe, or a socket file. */
  path: string;
  /** A socket file outlives its process and must be checked for a listener before it is taken over. */
  isFile: boolean;
};

/** `pglite.lock` in the data folder names the owner's pid for people; no decision reads it. */
const ownerNote = "pglite.lock";

/**
 * Linux's abstract namespace and Windows' named pipes vanish with their process; elsewhere (macOS,
 * the BSDs) a socket file in the data folder is the lock, and one nobody answers on is stale.
 */
export function lockAddress(dataDir: string, platform: NodeJS.Platform = process.platform): LockAddress {
  const folder = realpathSync(dataDir);
  const name = `vitrine-pglite-${createHash("sha256").update(folder).digest("hex")}`;
  if (platform === "linux") return { path: `\0${name}`, isFile: false };
  if (platform === "win32") return { path: `\\\\?\\pipe\\${name}`, isFile: false };
  return { path: path.join(folder, "pglite.sock"), isFile: true };
}

/** Takes the data folder or throws `DatabaseOpenError`; the returned function releases it (once). */
export async function acquireDirectoryLock(
  dataDir: string,
  address: LockAddress = lockAddress(dataDir),
): Promise<() => Promise<void>> {
  const server = await listenExclusively(address, dataDir);
  const note = path.join(dataDir, ownerNote);
  writeFileSync(note, `${process.pid}\n`);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    rmSync(note, { force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

async function listenExclusively(address: LockAddress, dataDir: string): Promise<net.Server> {
  try {
    return await listen(address.path);
  } catch (error) {
    if (errorCode(error) !== "EADDRINUSE") throw cannotLock(dataDir, error);
    if (!address.isFile || (await someoneAnswers(address.path))) throw inUse(dataDir);
  }
  // The socket file was left by a process that died: take it over, once. Two processes doing this
  // at the same instant could both win; only this fallback (not Linux or Windows) has that window.
  rmSync(address.path, { force: true });
  try {
    return await listen(address.path);
  } catch (error) {
    throw errorCode(error) === "EADDRINUSE" ? inUse(dataDir) : cannotLock(dataDir, error);
  }
}

function listen(socketPath: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // A socket-file lock is probed by connecting: hang up at once.
    const server = net.createServer((socket) => socket.destroy());
    server.once("error", reject);
    // exclusive: a cluster worker must hold its own socket, not share the primary's.
    server.listen({ path: socketPath, exclusive: true }, () => {
      server.off("error", reject);
      // The lock alone must never keep a process running that has nothing else to do.
      server.unref();
      resolve(server);
    });
  });
}

/** Whether a live process listens on the socket file; only "connection refused" or "gone" say no one. */
function someoneAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect({ path: socketPath });
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", (error) => resolve(!["ECONNREFUSED", "ENOENT"].includes(errorCode(error) ?? "")));
  });
}

function inUse(dataDir: string): DatabaseOpenError {
  const folder = path.resolve(dataDir);
  const owner = recordedOwner(dataDir);
  if (owner === process.pid) {
    return new DatabaseOpenError(
      `The data folder ${folder} is already open in this process (pid ${owner}); close it first.`,
    );
  }
  const pid = owner === undefined ? "" : ` (pid ${owner})`;
  return new DatabaseOpenError(
    `The data folder ${folder} is in use by another Vitrine process${pid}; stop it or set another DATA_DIR.`,
  );
}

function cannotLock(dataDir: string, error: unknown): DatabaseOpenError {
  return new DatabaseOpenError(
    `Could not lock the data folder ${path.resolve(dataDir)}: ${(error as Error).message}`,
  );
}

/** The pid the current owner wrote, for the message only: the socket already decided. */
function recordedOwner(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, ownerNote), "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}
