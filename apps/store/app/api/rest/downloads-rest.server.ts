import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DOWNLOAD_FILE_PATH, permissionChange } from "../../lib/download-resource.ts";
import {
  changePermission,
  orderExists,
  permissionsOfOrder,
  revokePermission,
} from "../../services/downloads/download-permissions.server.ts";
import { MediaError } from "../../services/media/media-library.server.ts";
import { readUpload } from "./media-rest.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Downloadable products' files and the permissions orders hold (issue 43, decision 0075), for
 * administrators: `POST /downloads/files` (multipart `file`) keeps a file privately and answers its
 * address, which a product's or variation's `downloads[].file` then names; `GET /downloads/files/{id}`
 * reads it back (staff only, never cached); `GET /orders/{id}/downloads` lists an order's
 * permissions; `PUT /orders/{id}/downloads/{permission}` changes what is left or when it ends
 * (`downloads_remaining`, `access_expires`), `DELETE` revokes it.
 */

const fileNotFound = () => new rest.RestError(404, "rest_download_file_invalid_id", "Invalid file ID.");
const permissionNotFound = () =>
  new rest.RestError(404, "rest_download_permission_invalid_id", "Invalid download permission ID.");

const uploadFile: rest.Handler = async (context, caller, req, res) => {
  const { bytes, filename } = await readUpload(req);
  try {
    const kept = await context.privateFiles.keepFile({
      bytes,
      filename,
      uploadedBy: rest.signedIn(caller).userId,
    });
    res.status(201).json({
      id: kept.id,
      filename: kept.filename,
      mime_type: kept.mimeType,
      bytes: kept.bytes,
      file: `${DOWNLOAD_FILE_PATH}${kept.id}`,
    });
  } catch (error) {
    if (error instanceof MediaError) throw new rest.RestError(error.status, error.code, error.message);
    throw error;
  }
};

const readFile: rest.Handler = async (context, _caller, req, res) => {
  const id = Number(req.params.id);
  const file =
    Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await context.privateFiles.openFile(id) : null;
  if (!file) throw fileNotFound();
  res.setHeader("Content-Type", file.mimeType);
  res.setHeader("Content-Length", String(file.bytes));
  res.setHeader("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
  res.setHeader("X-Content-Type-Options", "nosniff");
  await pipeline(file.stream as Readable, res);
};

/** The order must exist: a permission is always named with its order. */
async function orderIdOf(context: Parameters<rest.Handler>[0], req: Parameters<rest.Handler>[2]) {
  const orderId = rest.parseId(req);
  if (!(await orderExists(context.db, orderId)))
    throw new rest.RestError(404, "woocommerce_rest_shop_order_invalid_id", "Invalid ID.");
  return orderId;
}

const listPermissions: rest.Handler = async (context, _caller, req, res) => {
  res.json(await permissionsOfOrder(context.db, await orderIdOf(context, req)));
};

const putPermission: rest.Handler = async (context, _caller, req, res) => {
  const orderId = await orderIdOf(context, req);
  const change = rest.parsed(permissionChange, req.body, "body");
  const changed = await changePermission(context.db, orderId, rest.parseId(req, "permission"), change);
  if (!changed) throw permissionNotFound();
  res.json(changed);
};

const deletePermission: rest.Handler = async (context, _caller, req, res) => {
  const orderId = await orderIdOf(context, req);
  const permissionId = rest.parseId(req, "permission");
  if (!(await revokePermission(context.db, orderId, permissionId))) throw permissionNotFound();
  res.json({ id: permissionId, deleted: true });
};

export const downloadRoutes: rest.RestRoute[] = [
  { method: "post", path: "/downloads/files", needs: "admin", handler: uploadFile },
  { method: "get", path: "/downloads/files/:id", needs: "admin", handler: readFile },
  { method: "get", path: "/orders/:id/downloads", needs: "admin", handler: listPermissions },
  { method: "put", path: "/orders/:id/downloads/:permission", needs: "admin", handler: putPermission },
  { method: "delete", path: "/orders/:id/downloads/:permission", needs: "admin", handler: deletePermission },
];
