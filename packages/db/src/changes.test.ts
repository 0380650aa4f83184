import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Change, changedPageTags, openChangeFeed } from "./changes.ts";
import { availableDialects, createTestDatabase, type TestDatabase } from "./testing.ts";

/** Resolves with the first change the feed reports. */
const nextChange = (feed: Awaited<ReturnType<typeof openChangeFeed>>) =>
  new Promise<Change>((resolve) => feed.subscribe(resolve));

describe.each(await availableDialects())("the change feed on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it("tells the publishing process at once", async () => {
    const feed = await openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl });
    const heard: Change[] = [];
    feed.subscribe((change) => heard.push(change));
    feed.publish("settings");
    expect(heard).toEqual(["settings"]);
    // Closing waits for the notification to be sent: it cannot reach the next test's listeners late.
    await feed.close();
  });

  if (dialect === "postgres") {
    it("listens again after the database ends its connection, and the ending throws nowhere", async () => {
      const [one, other] = await Promise.all([
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
      ]);
      // A restarted or failed-over server ends every session: here, the listening ones. A feed that
      // listens again tells its process that everything may have changed meanwhile.
      const heard: Change[] = [];
      other.subscribe((change) => heard.push(change));
      const resynced = new Promise<void>((resolve) =>
        other.subscribe((change) => change === "settings" && resolve()),
      );
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and datname = current_database()`,
      );
      await resynced;
      const tagged = new Promise<Change>((resolve) =>
        other.subscribe((change) => change.startsWith("pages:") && resolve(change)),
      );
      one.publish("pages:product-7");
      expect(await tagged).toBe("pages:product-7");
      expect(heard).toEqual(["pages", "settings", "pages:product-7"]);
      await Promise.all([one.close(), other.close()]);
    });

    it("reaches another process's feed on the same database", async () => {
      const [one, other] = await Promise.all([
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
      ]);
      const heard = nextChange(other);
      one.publish("pages");
      expect(await heard).toBe("pages");
      await Promise.all([one.close(), other.close()]);
    });

    it("carries the tags of a partial page change to another process, and refuses malformed news", async () => {
      const [one, other] = await Promise.all([
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
      ]);
      const heard: Change[] = [];
      other.subscribe((change) => heard.push(change));
      await database.db.execute(sql`select pg_notify('vitrine_changes', ${"pages:<script>@someone"})`);
      const tagged = nextChange(other);
      one.publish("pages:product-12,listing");
      expect(await tagged).toBe("pages:product-12,listing");
      expect(changedPageTags(await tagged)).toEqual(["product-12", "listing"]);
      expect(changedPageTags("pages")).toBeNull();
      expect(heard).toEqual(["pages:product-12,listing"]);
      await Promise.all([one.close(), other.close()]);
    });

    it("tells the publishing process once, not again when the database echoes its notification", async () => {
      const [one, other] = await Promise.all([
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
        openChangeFeed({ db: database.db, databaseUrl: database.databaseUrl }),
      ]);
      const heardByOne: Change[] = [];
      one.subscribe((change) => heardByOne.push(change));
      const otherHeard = nextChange(other);
      one.publish("pages");
      await otherHeard;
      // Notifications reach a listener in commit order: once the other's answer arrives, an echo of
      // the first would have arrived before it.
      const answered = nextChange(one);
      other.publish("settings");
      await answered;
      expect(heardByOne).toEqual(["pages", "settings"]);
      await Promise.all([one.close(), other.close()]);
    });
  }
});
