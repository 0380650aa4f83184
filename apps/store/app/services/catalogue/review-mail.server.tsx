import { Link, Text } from "@react-email/components";
import { products, reviews, users } from "@vitrine/db";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.server.ts";
import { createI18n, isLocale } from "../../i18n/i18n.ts";
import type { MailMessage } from "../mail/mail.server.ts";
import { renderMail } from "../mail/render-mail.server.tsx";
import { FALLBACK_LOCALE, productTexts } from "../shared/translations.server.ts";

type WaitingReview = { product: string; author: string; email: string; rating: number; body: string };

/** The mail that asks an administrator to moderate a review, in `locale` (WordPress's "Please moderate"). */
export function reviewWaitingMail(
  to: string,
  review: WaitingReview,
  link: string,
  store: string,
  locale: string,
): Promise<MailMessage> {
  const t = createI18n(isLocale(locale) ? locale : FALLBACK_LOCALE).t;
  const intro = t("mail.reviewWaitingIntro", { product: review.product });
  const author = t("mail.reviewWaitingAuthor", { name: review.author, email: review.email });
  const rating = t("mail.reviewWaitingRating", { rating: review.rating });
  return renderMail({
    to,
    subject: t("mail.reviewWaitingSubject", { store, product: review.product }),
    locale,
    storeName: store,
    preview: intro,
    text: `${intro}\n\n${author}\n${rating}\n\n${review.body}\n\n${t("mail.reviewWaitingAction")}\n${link}`,
    body: (
      <>
        <Text>{intro}</Text>
        <Text>
          {author}
          <br />
          {rating}
        </Text>
        <Text style={{ whiteSpace: "pre-line" }}>{review.body}</Text>
        <Text>
          <Link href={link}>{t("mail.reviewWaitingLink")}</Link>
        </Text>
      </>
    ),
  });
}

/**
 * Tells the store's administrators, each in their account's language, that review `reviewId` waits
 * for approval, unless the settings say not to (`review_moderation_mail`). A mail that cannot be sent
 * is logged: the shopper's review is stored whatever happens to it.
 */
export async function mailReviewWaiting(context: AppContext, reviewId: number): Promise<void> {
  if (!context.settings.review_moderation_mail) return;
  try {
    const [review] = await context.db
      .select({
        product: productTexts.inLocale("name", FALLBACK_LOCALE),
        slug: products.slug,
        author: reviews.authorName,
        email: reviews.authorEmail,
        rating: reviews.rating,
        body: reviews.body,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.id, reviewId));
    if (!review) return;
    const administrators = await context.db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.role, "administrator"));
    const link = `${context.config.publicUrl}/admin/reviews?status=hold`;
    for (const administrator of administrators) {
      const mail = await reviewWaitingMail(
        administrator.email,
        { ...review, product: review.product ?? review.slug },
        link,
        context.settings.name,
        administrator.locale,
      );
      await context.mailer.send(mail);
    }
  } catch (error) {
    context.logger.warn({ err: error, reviewId }, "the review moderation mail was not sent");
  }
}
