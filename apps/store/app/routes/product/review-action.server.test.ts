import { products, reviews, sessions, users } from "@vitrine/db";
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

  function contextFor(cookie: string | null, settings: Record<string, unknown> = {}) {
    const invalidatePages = vi.fn();
    const context = testContext({
      db: database.db,
      config: testConfig({ SESSION_SECRET: SECRET }),
      locale: "es",
      cookie,
      onInvalidate: invalidatePages,
      settings,
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

  it("refuses a review of a product whose reviews are off with a 403 and its message, and keeps nothing", async () => {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
    await database.db.update(products).set({ reviewsAllowed: false }).where(eq(products.id, mug.id));
    const { context, invalidatePages } = contextFor(null);
    const result = await handleProductAction(
      context,
      post({ intent: "review", rating: "5", comment: "Lovely.", author: "Ana", email: "ana@example.com" }),
      "mug",
    );
    expect(result).toMatchObject({
      init: { status: 403 },
      data: { errors: { form: "reviews.errors.reviews_closed" } },
    });
    expect(invalidatePages).not.toHaveBeenCalled();
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

  it("mails each administrator, in their language, about a review waiting; not about spam, and not when the settings say not to", async () => {
    await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
    await database.db.insert(users).values([
      { email: "owner@example.com", passwordHash: "x", role: "administrator", locale: "es" },
      { email: "partner@example.com", passwordHash: "x", role: "administrator", locale: "en" },
      { email: "editor@example.com", passwordHash: "x", role: "editor" },
    ]);
    const review = (email: string, comment: string) => ({
      intent: "review",
      rating: "2",
      comment,
      author: "Ana <b>",
      email,
    });
    const send = (settings: Record<string, unknown>, fields: Record<string, string>) => {
      const { context } = contextFor(null, settings);
      return handleProductAction(context, post(fields), "mug")
        .catch((thrown: unknown) => thrown)
        .then(() => context.mailer.sent);
    };

    const sent = await send({ name: "Taller" }, review("ana@example.com", "Se rompió el asa."));
    expect(sent.map((mail) => mail.to).sort()).toEqual(["owner@example.com", "partner@example.com"]);
    const spanish = sent.find((mail) => mail.to === "owner@example.com")!;
    expect(spanish.subject).toMatch(/^\[Taller\] Pendiente de moderar: «.+»$/);
    expect(spanish.text).toContain("De Ana <b> (ana@example.com)");
    expect(spanish.text).toContain("Puntuación: 2 de 5");
    expect(spanish.text).toContain("Se rompió el asa.");
    expect(spanish.text).toContain("https://shop.example/admin/reviews?status=hold");
    // The HTML escapes what the shopper wrote.
    expect(spanish.html).toContain("Ana &lt;b&gt;");
    expect(sent.find((mail) => mail.to === "partner@example.com")!.subject).toMatch(
      /^\[Taller\] Please moderate:/,
    );

    expect(await send({}, review("spammer@example.com", "Cheap pills at http://spam.example"))).toEqual([]);
    expect(await send({ review_moderation_mail: false }, review("bea@example.com", "Muy bonita."))).toEqual(
      [],
    );
    expect(await database.db.select().from(reviews)).toHaveLength(3);
  });
});
