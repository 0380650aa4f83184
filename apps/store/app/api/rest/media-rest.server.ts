import busboy from "busboy";
import type { Request } from "express";
import {
  altTextInput,
  mediaIdParam,
  mediaListFilters,
  postProcessInput,
  uploadFields,
} from "../../lib/media-resource.ts";
import { UPLOAD_ATTACHMENT_HEADER } from "../../lib/rest-client.ts";
import { MAX_UPLOAD_BYTES, MediaError } from "../../services/media/media-library.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * The media library's REST routes (CONTRACTS.md "media uploads", issue 16; decision 0031), for
 * editors and administrators: `POST /media` (multipart: `file`, `alt_text_en`, `alt_text_es`),
 * `POST /media/{id}/post-process` (`{"action": "create-image-subsizes"}`), `GET /media` (`search`,
 * `page`, `per_page`),
 * `GET|PUT /media/{id}` (alt text) and `DELETE /media/{id}[?force=true]`.
 */

/** The upload's file and fields, read into memory up to the size limit (a picture, or a download's file). */
export function readUpload(
  req: Request,
): Promise<{ bytes: Buffer; filename: string; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, fieldSize: 4096 },
      });
    } catch {
      reject(new rest.RestError(400, "rest_upload_no_data", "Send the picture as multipart/form-data."));
      return;
    }
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; filename: string } | null = null;
    let tooBig = false;
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file") {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        tooBig = true;
      });
      stream.on("end", () => {
        file = { bytes: Buffer.concat(chunks), filename: info.filename ?? "" };
      });
    });
    parser.on("error", () =>
      reject(new rest.RestError(400, "rest_upload_no_data", "The upload is not valid multipart data.")),
    );
    parser.on("close", () => {
      if (tooBig) return reject(new rest.RestError(413, "rest_upload_file_too_big", "The file is too big."));
      if (!file) return reject(new rest.RestError(400, "rest_upload_no_data", "No data supplied."));
      resolve({ ...file, fields });
    });
    req.pipe(parser);
  });
}

/** A media error as the REST answer; a failed size names its picture for `post-process`. */
function asRestError(error: unknown, res: { setHeader: (name: string, value: string) => void }): never {
  if (!(error instanceof MediaError)) throw error;
  if (error.mediaId !== null) res.setHeader(UPLOAD_ATTACHMENT_HEADER, String(error.mediaId));
  throw new rest.RestError(error.status, error.code, error.message);
}

const upload: rest.Handler = async (context, caller, req, res) => {
  const { bytes, filename, fields } = await readUpload(req);
  const alt = uploadFields.safeParse(fields);
  if (!alt.success) throw rest.invalidParam(alt.error);
  try {
    const item = await context.mediaLibrary.upload({
      bytes,
      filename,
      alt: { en: alt.data.alt_text_en, es: alt.data.alt_text_es },
      uploadedBy: rest.signedIn(caller).userId,
    });
    res.status(201).json(item);
  } catch (error) {
    if (error instanceof MediaError && error.status >= 500)
      context.logger.warn({ err: error }, "upload sizes failed");
    asRestError(error, res);
  }
};

const postProcess: rest.Handler = async (context, _caller, req, res) => {
  const id = mediaIdParam.safeParse(req.params.id);
  if (!id.success) throw rest.invalidParam(id.error, "id");
  const body = postProcessInput.safeParse(req.body);
  if (!body.success)
    throw new rest.RestError(400, "rest_invalid_param", "Invalid parameter: action", { param: "action" });
  try {
    res.json(await context.mediaLibrary.postProcess(id.data));
  } catch (error) {
    asRestError(error, res);
  }
};

const list: rest.Handler = async (context, _caller, req, res) => {
  const page = rest.parseList(req);
  const { search } = rest.parsed(mediaListFilters, { search: req.query.search }, "search");
  const found = await context.mediaLibrary.list({ ...page, search: search || undefined });
  rest.sendPage(context, req, res, page, found.total, found.items);
};

const read: rest.Handler = async (context, _caller, req, res) => {
  const id = mediaIdParam.safeParse(req.params.id);
  const item = id.success ? await context.mediaLibrary.get(id.data) : null;
  if (!item) throw new rest.RestError(404, "rest_post_invalid_id", "Invalid post ID.");
  res.json(item);
};

const update: rest.Handler = async (context, _caller, req, res) => {
  const id = mediaIdParam.safeParse(req.params.id);
  const body = altTextInput.safeParse(req.body);
  if (!body.success) throw rest.invalidParam(body.error);
  const item = id.success ? await context.mediaLibrary.setAlt(id.data, body.data.alt_text) : null;
  if (!item) throw new rest.RestError(404, "rest_post_invalid_id", "Invalid post ID.");
  context.invalidatePages();
  res.json(item);
};

const remove: rest.Handler = async (context, _caller, req, res) => {
  const id = mediaIdParam.safeParse(req.params.id);
  if (!id.success) throw new rest.RestError(404, "rest_post_invalid_id", "Invalid post ID.");
  try {
    const previous = await context.mediaLibrary.remove(id.data, req.query.force === "true");
    context.invalidatePages();
    res.json({ deleted: true, previous });
  } catch (error) {
    asRestError(error, res);
  }
};

export const mediaRoutes: rest.RestRoute[] = [
  { method: "post", path: "/media", needs: "staff", handler: upload },
  { method: "post", path: "/media/:id/post-process", needs: "staff", handler: postProcess },
  { method: "get", path: "/media", needs: "staff", handler: list },
  { method: "get", path: "/media/:id", needs: "staff", handler: read },
  { method: "put", path: "/media/:id", needs: "staff", handler: update },
  { method: "delete", path: "/media/:id", needs: "staff", handler: remove },
];
