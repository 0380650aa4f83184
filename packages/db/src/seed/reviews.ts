import type { PlannedProduct } from "./demo-catalogue.ts";
import { createRandom } from "./random.ts";

/** Shopper reviews for the demo: mostly happy, some lukewarm, a few unhappy, in both languages. */
export type PlannedReview = {
  productIndex: number;
  authorName: string;
  authorEmail: string;
  rating: number;
  body: string;
  locale: "en" | "es";
  status: "approved" | "pending";
  createdAt: Date;
};

const reviewers: readonly { name: string; locale: "en" | "es" }[] = [
  { name: "Emma Wilson", locale: "en" },
  { name: "Lucas García", locale: "es" },
  { name: "Sofía Martínez", locale: "es" },
  { name: "Oliver Brown", locale: "en" },
  { name: "Mia Johnson", locale: "en" },
  { name: "Javier López", locale: "es" },
  { name: "Carmen Ruiz", locale: "es" },
  { name: "Noah Smith", locale: "en" },
  { name: "Valentina Torres", locale: "es" },
  { name: "Liam Taylor", locale: "en" },
  { name: "Lucía Fernández", locale: "es" },
  { name: "Ethan Davies", locale: "en" },
  { name: "Isabella Moreno", locale: "es" },
  { name: "Grace Evans", locale: "en" },
  { name: "Mateo Romero", locale: "es" },
  { name: "Chloe Walker", locale: "en" },
];

// Written so they fit any product: no pronoun or adjective has to agree with the product's gender.
const bodies: Record<number, { en: readonly string[]; es: readonly string[] }> = {
  5: {
    en: [
      "Beautifully made and exactly as pictured. I would buy it again without thinking twice.",
      "Great quality for the price, and it arrived two days after I ordered.",
      "My new favourite. The colour is lovely in person and the finish is perfect.",
    ],
    es: [
      "Muy bien hecho y tal cual aparece en las fotos. Volvería a comprar sin pensarlo.",
      "Gran calidad por el precio, y el pedido llegó en dos días.",
      "Me encanta. El color es precioso al natural y el acabado, perfecto.",
    ],
  },
  4: {
    en: [
      "Very happy with it. A little smaller than I expected, but well made.",
      "Solid quality and a nice design; delivery took a little longer than promised.",
    ],
    es: [
      "Me ha gustado mucho. El tamaño es algo menor de lo que esperaba, pero la calidad es buena.",
      "Buena calidad y un diseño bonito; el envío tardó un poco más de lo previsto.",
    ],
  },
  3: {
    en: ["It is fine, nothing special. The material feels thinner than in the photos."],
    es: ["Está bien, sin más. El material parece más fino que en las fotos."],
  },
  2: {
    en: ["Not what I hoped for. The finish had a flaw and customer service was slow to reply."],
    es: ["No es lo que esperaba. El acabado tenía un defecto y atención al cliente tardó en responder."],
  },
  1: {
    en: ["It arrived damaged and the replacement took three weeks."],
    es: ["Llegó con desperfectos y la sustitución tardó tres semanas."],
  },
};

const ratings = [5, 4, 5, 5, 3, 4, 5, 2, 4, 5, 1, 4, 5, 3] as const;

function email(name: string): string {
  const local = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, ".");
  return `${local}@example.com`;
}

export function planReviews(products: readonly PlannedProduct[], now: Date): PlannedReview[] {
  const random = createRandom(7_100_517);
  const reviews: PlannedReview[] = [];
  let turn = 0;
  const write = (product: PlannedProduct, status: PlannedReview["status"]) => {
    const reviewer = reviewers[turn % reviewers.length]!;
    const rating = ratings[turn % ratings.length]!;
    turn++;
    const age = now.getTime() - product.createdAt.getTime();
    reviews.push({
      productIndex: product.index,
      authorName: reviewer.name,
      authorEmail: email(reviewer.name),
      rating,
      body: random.pick(bodies[rating]![reviewer.locale]),
      locale: reviewer.locale,
      status,
      createdAt: new Date(product.createdAt.getTime() + Math.floor(age * random.next())),
    });
  };
  for (const product of products) {
    if (product.index % 3 === 1 || product.featured) {
      const count = 1 + ((product.index * 7) % 5);
      for (let n = 0; n < count; n++) write(product, "approved");
    }
  }
  // Moderation has something to look at; these must not count towards the ratings.
  for (const index of [0, 9, 20]) write(products[index]!, "pending");
  return reviews;
}

/** average_rating (numeric(3,2), as text) and review_count from the approved reviews only. */
export function ratingSummary(
  reviews: readonly PlannedReview[],
): Map<number, { averageRating: string; reviewCount: number }> {
  const totals = new Map<number, { sum: number; count: number }>();
  for (const review of reviews) {
    if (review.status !== "approved") continue;
    const total = totals.get(review.productIndex) ?? { sum: 0, count: 0 };
    total.sum += review.rating;
    total.count++;
    totals.set(review.productIndex, total);
  }
  return new Map(
    [...totals].map(([index, { sum, count }]) => [
      index,
      { averageRating: (sum / count).toFixed(2), reviewCount: count },
    ]),
  );
}
