/**
 * Where staff edit what a storefront page shows (spec §6 "Roles", decision 0029). The back office's
 * addresses (`/admin/...`) are the ones its issues build: the dashboard, a product's editor and the
 * page builder opened on one block. The platform editor is the quick text editor of the account
 * pages, which opens on the block's fieldset.
 */
export const BACK_OFFICE_PATH = "/admin";

/** The page whose blocks the home page shows. */
export const HOME_PAGE_SLUG = "home";

export type BlockRef = { pageSlug: string; blockId: number; menuId?: number | null };

/** The block in the back office's page builder; a menu block names its menu too. */
export function pageBuilderLink({ pageSlug, blockId, menuId }: BlockRef): string {
  const query = new URLSearchParams({ block: String(blockId) });
  if (menuId != null) query.set("menu_id", String(menuId));
  return `${BACK_OFFICE_PATH}/pages/${encodeURIComponent(pageSlug)}?${query}`;
}

/** The block in the platform editor (`/my-account/pages/{slug}`); a menu block names its menu too. */
export function platformEditorLink({ pageSlug, blockId, menuId }: BlockRef): string {
  const query = menuId != null ? `?${new URLSearchParams({ menu_id: String(menuId) })}` : "";
  return `/my-account/pages/${encodeURIComponent(pageSlug)}${query}#block-${blockId}`;
}

export function productEditLink(productId: number): string {
  return `${BACK_OFFICE_PATH}/products/${productId}`;
}

/** Spec §9 "Toolbar edge offset": a toolbar keeps this far from the viewport's edges. */
export const TOOLBAR_EDGE_PX = 20;

/**
 * How far to move a toolbar sideways so that it keeps `edge` pixels from both sides of a viewport
 * `viewportWidth` wide (pure). The left edge wins when the toolbar is wider than the room.
 */
export function toolbarShift(
  box: { left: number; right: number },
  viewportWidth: number,
  edge: number = TOOLBAR_EDGE_PX,
): number {
  if (box.left < edge) return edge - box.left;
  if (box.right > viewportWidth - edge) return Math.max(viewportWidth - edge - box.right, edge - box.left);
  return 0;
}

/** What the admin bar and the content blocks' edit links need to know of a signed-in staff member. */
export type StaffView = {
  canEditPages: boolean;
  comingSoon: boolean;
  /** Stripe takes payments with a test key: no real money is taken (issue 42); administrators only. */
  paymentsTestMode: boolean;
};
