/**
 * The drawing process (decision 0089): a child process that encodes the demo's drawings for the store
 * (`drawing-process-client.ts`), so the memory libvips leaves behind in the allocator's arenas goes
 * back to the system when the process exits, not into the store's own for as long as it runs. It
 * only turns an SVG and its planned sizes into the sizes' bytes; the store writes the files and the
 * rows.
 */

import type { DrawingReply, DrawingRequest } from "./drawing-process-protocol.ts";
import { encodeDrawing } from "./images.ts";

if (!process.send) throw new Error("drawing-process runs as a child process (fork)");
const send = process.send.bind(process);

process.on("message", (request: DrawingRequest) => {
  encodeDrawing(request.svg, request.image).then(
    (files) => send({ id: request.id, files } satisfies DrawingReply),
    (error: unknown) =>
      send({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies DrawingReply),
  );
});
// The store closing the channel (or exiting) ends the process.
process.on("disconnect", () => process.exit(0));
send({ id: 0, files: [] } satisfies DrawingReply);
