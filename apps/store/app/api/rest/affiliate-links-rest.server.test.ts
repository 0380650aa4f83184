import { availableDialects } from "@vitrine/db/testing";
import { describe, expect, it } from "vitest";
import { followAffiliateLink } from "../../services/content/affiliate-links.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("affiliate links on %s", (dialect) => {
  const server = restTestServer(dialect);
  const call = server.call;

  it("are added, followed with each click counted, retargeted and deleted by administrators", async () => {
    const admin = (await server.session("administrator")).headers;
    const made = await call("/affiliate-links", admin, "POST", {
      slug: "partner-mugs",
      target_url: "https://partner.example/mugs?ref=vitrine",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ slug: "partner-mugs", clicks: 0 });

    expect(await followAffiliateLink(server.db, "partner-mugs")).toBe(
      "https://partner.example/mugs?ref=vitrine",
    );
    expect(await followAffiliateLink(server.db, "partner-mugs")).toBe(
      "https://partner.example/mugs?ref=vitrine",
    );
    // A HEAD request is not a click.
    expect(await followAffiliateLink(server.db, "partner-mugs", false)).toBe(
      "https://partner.example/mugs?ref=vitrine",
    );
    expect(await followAffiliateLink(server.db, "no-such-link")).toBeNull();
    const listed = await call("/affiliate-links", admin);
    expect(listed.body).toEqual([expect.objectContaining({ slug: "partner-mugs", clicks: 2 })]);

    const moved = await call("/affiliate-links/partner-mugs", admin, "PUT", {
      target_url: "https://partner.example/cups",
    });
    expect(moved.body).toMatchObject({ target_url: "https://partner.example/cups", clicks: 2 });
    expect((await call("/affiliate-links/partner-mugs", admin, "DELETE")).body).toEqual({
      slug: "partner-mugs",
      deleted: true,
    });
    expect(await followAffiliateLink(server.db, "partner-mugs")).toBeNull();
  });

  it("refuses bad slugs and targets, taken slugs, unknown links, and anyone but administrators", async () => {
    const admin = (await server.session("administrator")).headers;
    await call("/affiliate-links", admin, "POST", { slug: "taken", target_url: "https://a.example/" });
    const refusals: Array<[string, string, unknown, number, string]> = [
      [
        "/affiliate-links",
        "POST",
        { slug: "Bad Slug", target_url: "https://a.example/" },
        400,
        "vitrine_affiliate_invalid_slug",
      ],
      [
        "/affiliate-links",
        "POST",
        { slug: "taken", target_url: "https://b.example/" },
        400,
        "vitrine_affiliate_slug_taken",
      ],
      [
        "/affiliate-links",
        "POST",
        { slug: "js", target_url: "javascript:alert(1)" },
        400,
        "rest_invalid_param",
      ],
      ["/affiliate-links", "POST", { slug: "local", target_url: "/shop" }, 400, "rest_invalid_param"],
      [
        "/affiliate-links/none",
        "PUT",
        { target_url: "https://a.example/" },
        404,
        "vitrine_affiliate_not_found",
      ],
      ["/affiliate-links/none", "DELETE", undefined, 404, "vitrine_affiliate_not_found"],
    ];
    for (const [path, method, body, status, code] of refusals) {
      const answer = await call(path, admin, method, body);
      expect([answer.status, answer.body.code], `${method} ${path}`).toEqual([status, code]);
    }
    const editor = (await server.session("editor")).headers;
    expect((await call("/affiliate-links", editor)).status).toBe(403);
    expect((await call("/affiliate-links", {})).status).toBe(401);
  });
});
