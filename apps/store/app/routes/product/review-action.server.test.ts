import { reviews, sessions, users } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { testConfig, testContext } from "../../services/shared/test-context.test-helper.ts";
import { handleProductAction } from "./review-action.server.ts";

const SECRET = "test-secret-test-secret-test-secret";

describe.each(await availableDialects())("product page review action on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  function contextFor(cookie: string | null) {
    const invalidatePages = vi.fn();
    const context = testContext({
      db: database.db,
      config: testConfig({ SESSION_SECRET: SECRET }),
      locale: "es",
      cookie,
      onInvalidate: invalidatePages,
    });
    return { context, invalidatePages };
  }
  const post = (fields: Record<string, string>) =>
    new Request("http://shop.test/product/mug", { method: "POST", body: new URLSearchParams(fields) });

  it("answers field errors as translation keys with the typed values, never a 500", async () => {
    await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
    const { context } = contextFor(null);
    const result = await handleProductAction(
      context,
      post({ intent: "review", rating: "9", comment: "  " }),
      "mug",
    );
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        errors: {
          rating: "reviews.errors.rating",
          comment: "reviews.errors.comment",
          author: "reviews.errors.author",
          email: "reviews.errors.email",
        },
        values: { rating: "9", comment: "  " },
      },
    });
    const badEmail = await handleProductAction(
      context,
      post({ intent: "review", rating: "3", comment: "ok", author: "A", email: "not-an-email" }),
      "mug",
    );
    expect(badEmail).toMatchObject({
      init: { status: 400 },
      data: { errors: { email: "reviews.errors.email" } },
    });
    await expect(handleProductAction(context, post({ intent: "nonsense" }), "mug")).rejects.toMatchObject({
      init: { status: 400 },
    });
    await expect(
      handleProductAction(context, post({ intent: "review", rating: "3", comment: "ok" }), "no-such-product"),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await database.db.select().from(reviews)).toHaveLength(0);
  });

  it("stores a guest's review as pending and redirects to the reviews with the notice; a duplicate is refused", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
    const { context, invalidatePages } = contextFor(null);
    const fields = {
      intent: "review",
      rating: "5",
      comment: "Lovely mug.",
      author: "Ana",
      email: "ana@example.com",
    };
    const redirect = await handleProductAction(context, post(fields), "mug").catch(
      (thrown: unknown) => thrown,
    );
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get("Location")).toBe("/product/mug?review=pending#reviews");
    expect(invalidatePages).not.toHaveBeenCalled();
    const [stored] = await database.db.select().from(reviews);
    expect(stored).toMatchObject({
      productId: mug.id,
      rating: 5,
      status: "pending",
      locale: "es",
      authorName: "Ana",
    });

    const again = await handleProductAction(context, post(fields), "mug");
    expect(again).toMatchObject({
      init: { status: 400 },
      data: { errors: { form: "reviews.errors.duplicate" } },
    });
  });

  it("takes a signed-in customer's name from the account and needs no e-mail field", async () => {
    await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
    const [user] = await database.db
      .insert(users)
      .values({ email: "bea@example.com", passwordHash: "x", displayName: "Bea" })
      .returning();
    const { session: signedIn } = contextFor(null).context;
    const session = await signedIn.getOrCreate();
    await database.db.update(sessions).set({ userId: user!.id }).where(eq(sessions.id, session.id));
    const cookie = signedIn.headers().get("Set-Cookie")!.split(";")[0]!;

    const { context } = contextFor(cookie);
    const redirect = await handleProductAction(
      context,
      post({ intent: "review", rating: "4", comment: "Good." }),
      "mug",
    ).catch((thrown: unknown) => thrown);
    expect((redirect as Response).headers.get("Location")).toBe("/product/mug?review=pending#reviews");
    const [stored] = await database.db.select().from(reviews);
    expect(stored).toMatchObject({ userId: user!.id, authorName: "Bea", authorEmail: "bea@example.com" });
  });
});
