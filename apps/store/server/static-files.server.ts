import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import type { ServeStaticOptions } from "serve-static";

/**
 * Serves the files `dir` held when the server started, and only those. The build's client folder
 * never changes while the store runs, so a page or a call does not wait on the file system to learn
 * that it is not a file (express.static asks it for every GET).
 */
export function builtFiles(dir: string, options: ServeStaticOptions): RequestHandler {
  const files = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
  const serve = express.static(dir, options);
  return (req, res, next) => (files.has(decodedPath(req.path)) ? serve(req, res, next) : next());
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
