// PostgreSQL for the bench: the server DATABASE_URL names, else postgres://postgres@127.0.0.1:5432
// (trust authentication). Each run creates databases of its own and drops them afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** Databases this run created and has not dropped yet. */
const created = new Set();
let closed = false;

function adminUrl() {
  return process.env.DATABASE_URL || DEFAULT_URL;
}

async function withClient(work) {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The server's address and version, or why it cannot be used. */
export async function probePostgres() {
  const url = new URL(adminUrl());
  const where = `${url.hostname}:${url.port || 5432}${process.env.DATABASE_URL ? " (DATABASE_URL)" : ""}`;
  try {
    const version = await withClient(async (client) => (await client.query("show server_version")).rows[0]);
    return { available: true, where, version: version.server_version };
  } catch (error) {
    return { available: false, where, reason: `PostgreSQL did not answer at ${where}: ${error.message}` };
  }
}

/** Creates an empty database and returns its URL (same server and credentials as the admin URL). */
export async function createDatabase(prefix) {
  if (closed) throw new Error("the bench is stopping");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  created.add(name);
  await withClient((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(name) {
  await withClient((client) => client.query(`drop database if exists ${name} with (force)`));
  created.delete(name);
}

/** Drops whatever this run created and still holds, and creates no more (an interrupted bench). */
export async function dropAll() {
  closed = true;
  for (const name of [...created]) await dropDatabase(name).catch(() => {});
}
