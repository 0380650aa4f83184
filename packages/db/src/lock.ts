import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { DatabaseOpenError } from "./client.ts";

/**
 * PGlite is a single-process database: two processes writing the same folder corrupt it. A lock
 * file holding the owner's pid refuses the second process; a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(lockPath: string, dataDir: string): () => Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return async () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DatabaseOpenError(
          `The data folder ${dataDir} is in use by another Vitrine process (pid ${owner}); stop it or set another DATA_DIR.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseOpenError(`Could not lock the data folder ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
