/**
 * Which tab a page address asks for (spec §2 "Reviews", issue 3 "Tabs"): the reviews tab for the
 * review and comment anchors and comment paging, a tab named by `#tab-{id}`, or none.
 */
export function tabForLocation(hash: string, href: string, tabIds: readonly string[]): string | null {
  const reviewHashes = ["#reviews", "#comments", "#tab-reviews"];
  if (
    tabIds.includes("reviews") &&
    (reviewHashes.includes(hash) ||
      hash.includes("comment-") ||
      href.includes("comment-page-") ||
      href.includes("cpage="))
  ) {
    return "reviews";
  }
  if (hash.startsWith("#tab-")) {
    const id = decodeURIComponent(hash.slice("#tab-".length));
    if (tabIds.includes(id)) return id;
  }
  return null;
}
