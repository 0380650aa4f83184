import type { RequestHandler } from "express";
import { createI18n, isLocale } from "../app/i18n/i18n.ts";
import { STRINGS_FILE_PREFIX, stringsFile } from "../app/i18n/strings-file.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const fileName = /^([a-z]{2})-[0-9a-f]{16}\.json$/;

/**
 * `/assets/strings/{locale}-{hash}.json`: a language's strings for the browser (decision 0085).
 * Only the current version's name answers; any other goes on to the store's 404, as a built asset
 * that is not there does.
 */
export function stringsFiles(): RequestHandler<{ file: string }> {
  return (req, res, next) => {
    const name = String(req.params.file);
    const locale = fileName.exec(name)?.[1];
    if (!isLocale(locale)) return next();
    const file = stringsFile(createI18n(locale));
    if (file.href !== STRINGS_FILE_PREFIX + name) return next();
    res.set("Cache-Control", IMMUTABLE).type("json").send(file.json);
  };
}
