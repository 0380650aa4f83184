import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Translated } from "./catalogue.ts";

/** An uploaded or generated image (or other file); its rendered sizes live in media_sizes. */
export const media = pgTable("media", {
  id: serial("id").primaryKey(),
  kind: text("kind", { enum: ["image", "file"] })
    .notNull()
    .default("image"),
  filename: text("filename").notNull(),
  mimeType: text("mime_type").notNull(),
  width: integer("width"),
  height: integer("height"),
  alt: jsonb("alt").$type<Translated>().notNull().default({}),
  /** "ready" once every size exists; uploads that failed half-way are retried through post-process. */
  state: text("state", { enum: ["processing", "ready", "failed"] })
    .notNull()
    .default("ready"),
  uploadedBy: integer("uploaded_by"),
  /** An upload's original, under the originals folder (never served); null for the demo's drawings. */
  originalPath: text("original_path"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const mediaSizes = pgTable(
  "media_sizes",
  {
    id: serial("id").primaryKey(),
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["avif", "webp", "jpeg"] }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Path under the media folder, content-hashed so it can be cached forever. */
    path: text("path").notNull(),
    bytes: integer("bytes").notNull(),
  },
  (t) => [index("media_sizes_media_idx").on(t.mediaId), uniqueIndex("media_sizes_path_key").on(t.path)],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: jsonb("title").$type<Translated>().notNull(),
    status: text("status", { enum: ["publish", "draft"] })
      .notNull()
      .default("publish"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pages_slug_key").on(t.slug)],
);

/** A content block of a page: hero, featured products, category tiles, photo feed … */
export const blocks = pgTable(
  "blocks",
  {
    id: serial("id").primaryKey(),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("blocks_page_idx").on(t.pageId, t.position)],
);

export const menus = pgTable(
  "menus",
  {
    id: serial("id").primaryKey(),
    location: text("location").notNull(),
  },
  (t) => [uniqueIndex("menus_location_key").on(t.location)],
);

export const menuItems = pgTable(
  "menu_items",
  {
    id: serial("id").primaryKey(),
    menuId: integer("menu_id")
      .notNull()
      .references(() => menus.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => menuItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    label: jsonb("label").$type<Translated>().notNull(),
    url: text("url").notNull(),
  },
  (t) => [index("menu_items_menu_idx").on(t.menuId, t.position)],
);

/** `/go/{slug}` and `/recommend/{slug}` redirects. */
export const affiliateLinks = pgTable("affiliate_links", {
  slug: text("slug").primaryKey(),
  targetUrl: text("target_url").notNull(),
  clicks: integer("clicks").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An old address that answers 301 to where its page or product moved when its slug changed
 * (issue 17): `path` is the old path (`/about`, `/product/old-slug`), `target` the current one.
 */
export const redirects = pgTable("redirects", {
  path: text("path").primaryKey(),
  target: text("target").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
