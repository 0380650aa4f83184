import { createNonce } from "../services/nonce.server.ts";
import type { AjaxAction } from "./calls.server.ts";

/**
 * `GET /ajax?action=rest-nonce` (issue 16): a fresh REST nonce for the signed-in session, as plain
 * text, for the REST client to retry a call the server refused as `rest_cookie_invalid_nonce`.
 * Other sites cannot read it (no CORS); a visitor without a signed-in session gets a 403.
 */
export const restNonceAction: AjaxAction = {
  methods: ["GET"],
  handler: async (context) => {
    const session = await context.session.get();
    if (!session?.userId) {
      return {
        status: 403,
        json: {
          code: "rest_not_logged_in",
          message: "You are not currently logged in.",
          data: { status: 403 },
        },
      };
    }
    return { text: createNonce(session.nonceSecret, "wp_rest") };
  },
};
