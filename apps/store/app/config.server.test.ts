import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os, { availableParallelism } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vitrine-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("runs one worker per core on PostgreSQL, one on the embedded database, and refuses more there", () => {
    const dataDir = tempDir();
    const postgres = "postgres://vitrine@127.0.0.1:5432/vitrine";
    expect(loadConfig({ DATA_DIR: dataDir }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres, WORKERS: "3" }).workers).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: "2" })).toThrow(/WORKERS above 1 needs PostgreSQL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: "0" })).toThrow(ConfigError);
  });

  it("applies the documented defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      dataDir,
      seedDemo: true,
      walletHost: "http://127.0.0.1:4100",
      admin: undefined,
    });
  });

  it("generates a session secret once and keeps it in the data folder", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).sessionSecret).not.toBe(first);
  });

  it("keeps a generated wallet secret beside it, distinct from the session's, unless one is given", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.wallet).toMatchObject({ merchantId: "vitrine-demo", directCheckout: true, storeId: "1" });
    expect(readFileSync(path.join(dataDir, "wallet-secret"), "utf8")).toBe(config.wallet.sharedSecret);
    expect(config.wallet.sharedSecret).not.toBe(config.sessionSecret);
    const given = "w".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, WALLET_SHARED_SECRET: given }).wallet.sharedSecret).toBe(given);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ WALLET_SHARED_SECRET: "short" }, "WALLET_SHARED_SECRET"],
    [{ WALLET_DIRECT_CHECKOUT: "sometimes" }, "WALLET_DIRECT_CHECKOUT"],
    [{ STORE_ID: "a b" }, "STORE_ID"],
    [{ WALLET_HOST: "ftp://wallet" }, "WALLET_HOST"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "longenough" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "a@example.com" }, "ADMIN_PASSWORD"],
    [{ PUBLIC_URL: "shop.example" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "ftp://shop.example" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "https://shop.example/store" }, "PUBLIC_URL"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.1/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.1,not-an-address" }, "TRUST_PROXY"],
  ])("refuses %o with one line naming %s", (env, name) => {
    const run = () => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(name);
      expect(message).not.toContain("\n");
    }
  });

  it("keeps files in the folders unless MEDIA_STORE names a bucket, read with the AWS variables", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mediaStore).toEqual({ kind: "folder" });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        MEDIA_STORE: "s3://shop-files/stores/one",
        AWS_ENDPOINT_URL: "http://127.0.0.1:9000",
        AWS_REGION: "auto",
        S3_FORCE_PATH_STYLE: "on",
      }).mediaStore,
    ).toEqual({
      kind: "s3",
      bucket: "shop-files",
      prefix: "stores/one/",
      s3: { endpoint: "http://127.0.0.1:9000", region: "auto", forcePathStyle: true },
    });
    for (const [name, value] of [
      ["MEDIA_STORE", "bucket"],
      ["MEDIA_STORE", "s3://Shop"],
      ["AWS_ENDPOINT_URL", "ftp://x"],
    ] as const)
      expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(name);
  });

  it("reads switches and the wallet origin", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SEED_DEMO: "off",
      WALLET_HOST: "https://pay.example.com/path",
      PORT: "8080",
    });
    expect(config.seedDemo).toBe(false);
    expect(config.walletHost).toBe("https://pay.example.com");
    expect(config.port).toBe(8080);
  });

  it("takes the public address from PUBLIC_URL, else from the listening address; no proxy is trusted unless named", () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      publicUrl: "http://127.0.0.1:3000",
      trustProxy: false,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: "192.168.1.5", PORT: "8080" }).publicUrl).toBe(
      "http://192.168.1.5:8080",
    );
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: "::1", PORT: "8080" }).publicUrl).toBe(
      "http://[::1]:8080",
    );
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://Shop.Example/" }).publicUrl).toBe(
      "https://shop.example",
    );
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: "10.0.0.1, 192.168.0.0/16" }).trustProxy).toBe(
      "10.0.0.1,192.168.0.0/16",
    );
  });
});
