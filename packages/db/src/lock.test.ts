import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, linkSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createDb, DatabaseOpenError } from "./client.ts";
import { acquireDirectoryLock, type LockAddress } from "./lock.ts";

const folders: string[] = [];
const children: ChildProcess[] = [];

function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-lock-"));
  folders.push(dataDir);
  return dataDir;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(() => {
  for (const dataDir of folders) rmSync(dataDir, { recursive: true, force: true });
});

// tsx's loader in this very process, not its command line: that would run the script in a grandchild.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const holderScript = path.join(import.meta.dirname, "lock-holder.fixture.ts");

/** Another Vitrine process holding the folder: resolves once it has said "ready". */
function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", tsxLoader, holderScript, dataDir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr!.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
    child.once("exit", (code) =>
      reject(new Error(`the holder exited (${code}) before it was ready: ${stderr}`)),
    );
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** A live process that is not Vitrine: after a crash the recorded pid may well belong to one. */
function unrelatedProcess(): ChildProcess {
  const sleeper = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(sleeper);
  return sleeper;
}

describe("the PGlite data folder lock", () => {
  it("ignores a pglite.lock naming a live process that does not hold the folder", async () => {
    const dataDir = newDataDir();
    writeFileSync(path.join(dataDir, "pglite.lock"), String(unrelatedProcess().pid));
    const handle = await createDb({ dataDir, migrate: false });
    await handle.close();
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  });

  it("refuses a folder another process holds, and frees it when that process is killed", async () => {
    const dataDir = newDataDir();
    const holder = await holdInAnotherProcess(dataDir);
    const refused = createDb({ dataDir, migrate: false });
    await expect(refused).rejects.toThrow(DatabaseOpenError);
    await expect(refused).rejects.toThrow(
      `The data folder ${dataDir} is in use by another Vitrine process (pid ${holder.pid}); stop it or set another DATA_DIR.`,
    );

    await killed(holder);
    const handle = await createDb({ dataDir, migrate: false });
    expect(handle.dialect).toBe("pglite");
    await handle.close();
  });

  it("refuses a second open in the same process until the first is closed", async () => {
    const dataDir = newDataDir();
    const first = await createDb({ dataDir, migrate: false });
    await expect(createDb({ dataDir, migrate: false })).rejects.toThrow(
      /^The data folder .+ is already open in this process \(pid \d+\); close it first\.$/,
    );
    await first.close();
    await first.close();
    const second = await createDb({ dataDir, migrate: false });
    await second.close();
  });
});

// macOS and the BSDs have neither abstract sockets nor pipes: there the lock is a socket file.
describe("the socket-file lock (platforms without abstract sockets)", () => {
  const fileAddress = (dataDir: string): LockAddress => ({
    path: path.join(dataDir, "pglite.sock"),
    isFile: true,
  });

  it("refuses while the owner listens and removes the file on release", async () => {
    const dataDir = newDataDir();
    const release = await acquireDirectoryLock(dataDir, fileAddress(dataDir));
    await expect(acquireDirectoryLock(dataDir, fileAddress(dataDir))).rejects.toThrow(DatabaseOpenError);
    await release();
    expect(existsSync(fileAddress(dataDir).path)).toBe(false);
  });

  it("takes over a socket file nobody listens on", async () => {
    const dataDir = newDataDir();
    await leaveStaleSocketFile(fileAddress(dataDir).path);
    const release = await acquireDirectoryLock(dataDir, fileAddress(dataDir));
    await release();
  });
});

/** What a killed owner leaves behind: a socket file with no listener. */
async function leaveStaleSocketFile(socketPath: string): Promise<void> {
  const bound = `${socketPath}.bound`;
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(bound, resolve));
  // A second name for the socket survives the close, which unlinks only the first.
  linkSync(bound, socketPath);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
