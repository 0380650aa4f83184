import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { AppContext } from "../context.server.ts";
import { PhotoFeedGrid } from "../features/content/photo-feed-grid.tsx";
import { createI18n } from "../i18n/i18n.ts";
import {
  type FeedPhoto,
  INVALID_DATA,
  PHOTO_FEED_DATA_CLASS,
  type PhotoFeedAnswer,
} from "../lib/photo-feed.ts";
import { scriptSafeJson } from "../lib/script-json.ts";
import { canEditPages } from "../services/content/page-editor.server.ts";
import { PhotoFeedError } from "../services/content/photo-feed.server.ts";
import { decodePhotoFeedData } from "../services/content/photo-feed-data.server.ts";
import { userRole } from "../services/people/users.server.ts";
import type { AjaxAction, CallResult } from "./calls.server.ts";

type FeedAnswer = PhotoFeedAnswer & { code?: string; message?: string };

const answer = (status: number, json: FeedAnswer): CallResult => ({ status, json });

/**
 * `GET /ajax?action=vitrine_load_photofeed&data=D` (spec §7 call 7, CONTRACTS.md): the block's
 * photos as `{success: true, data: html}`, rendered by the block's own grid in the shopper's
 * language, with the photos as JSON the block renders from. A feed that fails answers 502 with the
 * service's message for staff (spec: "Social feed error: {message}" for the admin bar's users) and
 * a general one for everyone else; the real error is logged either way.
 */
export const photoFeedAction: AjaxAction = {
  methods: ["GET"],
  handler: async (context, _input, request) => {
    // The query itself, not the flattened input, which keeps the first of repeated values: the
    // block's data must be one string (`data[]=…` and `data[a]=…` leave `data` missing).
    const block = decodePhotoFeedData(request.query.data);
    if (!block) {
      return answer(400, { success: false, data: INVALID_DATA, code: "invalid_data", message: INVALID_DATA });
    }
    let photos: FeedPhoto[];
    try {
      photos = await context.photoFeed.load(context.settings, block.limit, context.locale);
    } catch (error) {
      if (!(error instanceof PhotoFeedError)) throw error;
      // The error's causes (the network's, the database's) are logged with it.
      context.logger.warn({ err: error }, "photo feed failed");
      const message = (await seesFeedErrors(context))
        ? error.message
        : createI18n(context.locale).t("photoFeed.unavailable");
      return answer(502, { success: false, data: message, code: "photo_feed_error", message });
    }
    const markup = renderToString(
      <I18nextProvider i18n={createI18n(context.locale)}>
        <PhotoFeedGrid photos={photos} />
      </I18nextProvider>,
    );
    const html = `<div class="photofeed" lang="${context.locale}">${markup}<script type="application/json" class="${PHOTO_FEED_DATA_CLASS}">${scriptSafeJson(photos)}</script></div>`;
    return { json: { success: true, data: html }, headers: { "Content-Language": context.locale } };
  },
};

/** Editors and administrators, by the session (the account hint cookie proves nothing). */
async function seesFeedErrors(context: AppContext): Promise<boolean> {
  try {
    const userId = (await context.session.get())?.userId;
    return userId ? canEditPages(await userRole(context.db, userId)) : false;
  } catch (error) {
    // The answer is a failure already; it must not become a 500 for want of the role.
    context.logger.warn({ err: error }, "photo feed: reading the session's role failed");
    return false;
  }
}
