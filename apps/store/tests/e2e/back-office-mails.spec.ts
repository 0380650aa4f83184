import type { Page } from "@playwright/test";
import { ADMIN, EMPTY_STORE, expect, test } from "./fixtures.ts";
import { axe, backOfficeHydrated, seriousViolations } from "./support.ts";

/**
 * The Mails screen (issue 40, decision 0062), on the worker's store without a catalogue: switching a
 * mail off is a store-wide setting, which the main store's other tests must not meet; the worker's
 * settings are put back after the test. What each mail says, in which language, to whom, is the
 * server tests' (services/mail/*.server.test.ts*); here, what the administrator does on the page.
 */

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/my-account`);
  const login = page.locator("form.woocommerce-form-login");
  await login.locator('input[name="username"]').fill(ADMIN.email);
  await login.locator('input[name="password"]').fill(ADMIN.password);
  await login.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="intent"][value="logout"]')).toBeAttached();
}

test("an administrator switches a mail off on the Mails screen and previews one in both languages", async ({
  page,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await sharedStore(EMPTY_STORE);
  await signIn(page, origin);
  await page.goto(`${origin}/admin`);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Mails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mails" })).toBeVisible();
  await backOfficeHydrated(page);
  expect(await seriousViolations(page)).toEqual([]);

  const completed = page.getByRole("checkbox", { name: "Send: Completed order" });
  await expect(completed).toBeChecked();
  await completed.uncheck();
  await page.getByRole("button", { name: "Save mails" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mails saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Send: Completed order" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Send: New order" })).toBeChecked();
  await backOfficeHydrated(page);

  const opener = page.getByRole("button", { name: "Preview: New order" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Preview: New order" });
  await expect(dialog.getByText(/^\[Vitrine\]: New order #\d+$/)).toBeVisible();
  const mail = page.frameLocator('#mail-preview iframe[title="The mail as HTML"]');
  // The body's paragraph (the mail's hidden preview line says the same).
  await expect(mail.locator("p").filter({ hasText: /^You have received order #\d+ from / })).toBeVisible();
  await expect(dialog.getByText(/^You have received order #\d+ from /)).toBeVisible();
  // The dialog around the mail: the mail's frame runs no script (sandboxed), so axe cannot enter it.
  const { violations } = await axe(page, "#mail-preview").exclude("#mail-preview iframe").analyze();
  expect(violations.filter((found) => found.impact === "serious" || found.impact === "critical")).toEqual([]);

  await dialog.getByRole("button", { name: "Español" }).click();
  await expect(dialog.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
  await expect(mail.locator("p").filter({ hasText: /^Has recibido el pedido n\.º \d+ de / })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
