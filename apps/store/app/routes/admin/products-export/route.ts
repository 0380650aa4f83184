import {
  exportCatalogueCsv,
  exportFileName,
} from "../../../services/catalogue-io/catalogue-export.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

/**
 * `GET /admin/products/export.csv`: the whole catalogue in WooCommerce's product CSV (decision
 * 0074), streamed as it is read, a file named with the day; administrators only.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const encoder = new TextEncoder();
  const chunks = exportCatalogueCsv(context.db, context.config.publicUrl);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
