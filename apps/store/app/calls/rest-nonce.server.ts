import { createNonce } from "../services/shared/nonce.server.ts";
import { type AjaxAction, callError } from "./calls.server.ts";

/**
 * `GET /ajax?action=rest-nonce` (issue 16): a fresh REST nonce for the signed-in session, as plain
 * text, for the REST client to retry a call the server refused as `rest_cookie_invalid_nonce`.
 * Other sites cannot read it (no CORS); a visitor without a signed-in session gets a 403.
 */
export const restNonceAction: AjaxAction = {
  methods: ["GET"],
  handler: async (context) => {
    const session = await context.session.get();
    if (!session?.userId) return callError(403, "rest_not_logged_in", "You are not currently logged in.");
    return { text: createNonce(session.nonceSecret, "wp_rest") };
  },
};
