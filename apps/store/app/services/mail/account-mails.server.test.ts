import { mailOutbox } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AccountError, registerCustomer } from "../people/accounts.server.ts";
import { testContext } from "../shared/test-context.test-helper.ts";
import { deliverMail } from "./mail-outbox.server.ts";

describe.each(await availableDialects())("the new account mail on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  it.each([
    ["en", "Your Tienda account has been created", "Thank you for creating an account on Tienda."],
    ["es", "Se ha creado tu cuenta en Tienda", "Gracias por crear una cuenta en Tienda."],
  ])(
    "is owed with a shopper's account and sent in the language they signed up in (%s)",
    async (locale, subject, intro) => {
      const account = await registerCustomer(database.db, {
        email: "Eve@Example.com",
        password: "secret123",
        locale,
      });
      const ctx = testContext({ db: database.db, settings: { name: "Tienda" } });
      expect(await deliverMail(ctx, account.mailKey)).toBe("sent");
      const [mail] = ctx.mailer.sent;
      expect(mail).toMatchObject({ to: "eve@example.com", subject });
      expect(mail!.text).toContain(intro);
      expect(mail!.text).toContain("\nhttps://shop.example/my-account");
      expect(mail!.text).not.toContain("secret123");
      expect(mail!.html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
      // Sent once.
      expect(await deliverMail(ctx, account.mailKey)).toBe("held");
    },
  );

  it("owes nothing when the address is taken: the account is not made", async () => {
    await registerCustomer(database.db, { email: "eve@example.com", password: "secret123", locale: "en" });
    await expect(
      registerCustomer(database.db, { email: "EVE@example.com", password: "other1234", locale: "en" }),
    ).rejects.toBeInstanceOf(AccountError);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(1);
  });
});
