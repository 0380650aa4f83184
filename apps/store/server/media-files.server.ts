import { pipeline } from "node:stream/promises";
import { checkedKey, contentTypeOf, type FileStore } from "@vitrine/files";
import express, { type RequestHandler } from "express";

/** Pictures' sizes carry their content's hash in their names: cached forever wherever they go. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * `/media/…`: the public files. From a folder, express.static serves them; from a bucket, each is
 * streamed from it (a CDN or the bucket's own address in front, `MEDIA_URL`, spares the store this).
 * A file that is not there goes on to the next handler (the demo's drawings, then 404).
 */
export function publicFiles(files: FileStore): RequestHandler {
  if (files.folder) return express.static(files.folder, { immutable: true, maxAge: "1y", index: false });
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key: string;
    try {
      key = checkedKey(decodeURIComponent(req.path.replace(/^\//, "")));
    } catch {
      return next();
    }
    try {
      if (req.method === "HEAD") {
        const size = await files.size(key);
        if (size === null) return next();
        res.set({
          "Content-Type": contentTypeOf(key),
          "Content-Length": String(size),
          "Cache-Control": IMMUTABLE,
        });
        res.end();
        return;
      }
      const opened = await files.open(key);
      if (!opened) return next();
      res.set({
        "Content-Type": opened.contentType ?? contentTypeOf(key),
        "Content-Length": String(opened.size),
        "Cache-Control": IMMUTABLE,
      });
      await pipeline(opened.stream, res);
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  };
}
