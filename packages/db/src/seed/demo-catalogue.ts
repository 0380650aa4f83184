import { drawHeroArt, drawProductArt } from "./art.ts";
import { heroWidths } from "./images.ts";
import type { ImageJob } from "./media.ts";
import { createRandom, type Random } from "./random.ts";
import {
  adjectives,
  type CategorySeed,
  type ColorTerm,
  careNotes,
  categoryTree,
  colorTerms,
  type Kind,
  kinds,
  materials,
  type SizeTerm,
  sizeTerms,
  spanishPlural,
  type Text,
} from "./vocabulary.ts";

/**
 * The demo catalogue as plain data, decided before anything touches the database: the same seed
 * gives the same products, prices, stock and pictures on every run.
 */
export type StockStatus = "instock" | "outofstock";

export type PlannedCategory = {
  slug: string;
  parentSlug: string | null;
  position: number;
  name: Text;
  description: Text;
  imageKey: string | undefined;
};

export type PlannedVariation = {
  sku: string;
  color: ColorTerm;
  size: SizeTerm | undefined;
  regularPrice: number;
  salePrice: number | null;
  stockQuantity: number;
  stockStatus: StockStatus;
  imageKey: string;
  menuOrder: number;
};

export type PlannedProduct = {
  index: number;
  slug: string;
  sku: string;
  type: "simple" | "variable";
  name: Text;
  shortDescription: Text;
  description: Text;
  categorySlug: string;
  regularPrice: number;
  salePrice: number | null;
  stockQuantity: number | null;
  stockStatus: StockStatus;
  lowStockThreshold: number;
  featured: boolean;
  menuOrder: number;
  totalSales: number;
  createdAt: Date;
  /** Gallery order; the first is the main image. */
  imageKeys: string[];
  colors: ColorTerm[];
  sizes: SizeTerm[];
  variations: PlannedVariation[];
};

export type DemoPlan = {
  categories: PlannedCategory[];
  products: PlannedProduct[];
  images: ImageJob[];
  heroImageKey: string;
};

const featuredCount = 8;
const galleryProducts = 10;
const dayMs = 86_400_000;

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A price in cents that ends in .99 or .00, as shop prices do. */
function shopPrice(random: Random, minDollars: number, maxDollars: number): number {
  const dollars = random.int(minDollars, maxDollars);
  return random.chance(0.6) ? dollars * 100 - 1 : dollars * 100;
}

/** 15–35 % off, rounded to a .99 price. */
function saleFactor(random: Random): number {
  return 0.65 + random.next() * 0.2;
}

function discounted(regular: number, factor: number): number {
  return Math.max(99, Math.round((regular * factor) / 100) * 100 - 1);
}

function productName(kind: Kind, kindIndex: number, position: number): { name: Text; adjective: number } {
  const adjective = (kindIndex * 5 + position * 2) % adjectives.length;
  const material = materials[kind.materials[position % kind.materials.length]!]!;
  const word = adjectives[adjective]!;
  const agreed = word.es[kind.gender];
  return {
    adjective,
    name: {
      en: `${word.en} ${material.en} ${kind.noun.en}`,
      es: `${kind.noun.es} de ${material.es} ${kind.plural ? spanishPlural(agreed) : agreed}`,
    },
  };
}

export function planCategories(): PlannedCategory[] {
  const flatten = (seeds: readonly CategorySeed[], parentSlug: string | null): PlannedCategory[] =>
    seeds.flatMap((seed, position) => [
      {
        slug: seed.slug,
        parentSlug,
        position,
        name: seed.name,
        description: seed.description,
        imageKey: undefined,
      },
      ...flatten(seed.children ?? [], seed.slug),
    ]);
  return flatten(categoryTree, null);
}

export function planDemoCatalogue(now: Date = new Date()): DemoPlan {
  const random = createRandom(20_240_611);
  const categories = planCategories();
  const topLevelOf = new Map(categories.map((c) => [c.slug, c.parentSlug ?? c.slug]));
  const images: ImageJob[] = [];
  const products: PlannedProduct[] = [];
  let simpleIndex = 0;
  let variableIndex = 0;
  let galleries = 0;

  kinds.forEach((kind, kindIndex) => {
    for (let position = 0; position < kind.count; position++) {
      const index = products.length;
      const materialSlug = kind.materials[position % kind.materials.length]!;
      const material = materials[materialSlug]!;
      const { name, adjective } = productName(kind, kindIndex, position);
      const slug = slugify(name.en);
      const sku = `${kind.code}-${String(position + 1).padStart(3, "0")}`;
      const care = careNotes[topLevelOf.get(kind.category)!]!;
      const style = adjectives[adjective]!.sentence;
      const basePrice = shopPrice(random, kind.price[0], kind.price[1]);
      const product: PlannedProduct = {
        index,
        slug,
        sku,
        type: position < kind.variable ? "variable" : "simple",
        name,
        shortDescription: {
          en: `${kind.pitch.en}, ${material.phrase.en}.`,
          es: `${kind.pitch.es}, ${material.phrase.es}.`,
        },
        description: {
          en: `${style.en} ${material.sentence.en} ${kind.use.en}\n\n${care.en}`,
          es: `${style.es} ${material.sentence.es} ${kind.use.es}\n\n${care.es}`,
        },
        categorySlug: kind.category,
        regularPrice: basePrice,
        salePrice: null,
        stockQuantity: null,
        stockStatus: "instock",
        lowStockThreshold: 3,
        featured: false,
        menuOrder: index,
        totalSales: random.int(0, 240),
        // Spread over the last ten months, so "newest" sorting and new-in badges have something to do.
        createdAt: new Date(now.getTime() - ((index * 37) % 300) * dayMs - random.int(0, 23) * 3_600_000),
        imageKeys: [],
        colors: [],
        sizes: [],
        variations: [],
      };

      if (product.type === "variable") {
        planVariations(product, kind, basePrice, variableIndex++, random, images);
      } else {
        const color = random.pick(material.colors);
        product.imageKeys.push(slug);
        images.push({
          key: slug,
          filename: `${slug}.jpg`,
          alt: name,
          svg: drawProductArt({ shape: kind.shape, color, seed: index }),
        });
        if (simpleIndex % 4 === 1 && galleries < galleryProducts) {
          galleries++;
          for (const variant of [1, 2]) {
            const key = `${slug}-${variant + 1}`;
            product.imageKeys.push(key);
            images.push({
              key,
              filename: `${key}.jpg`,
              alt: name,
              svg: drawProductArt({ shape: kind.shape, color, seed: index, variant }),
            });
          }
        }
        if (random.chance(0.35)) product.salePrice = discounted(basePrice, saleFactor(random));
        planSimpleStock(product, simpleIndex++, random);
      }
      products.push(product);
    }
  });

  if (new Set(products.map((p) => p.slug)).size !== products.length) {
    throw new Error("Two demo products got the same name; adjust the vocabulary tables.");
  }
  markFeatured(products);
  for (const category of categories) {
    const first = products.find(
      (p) => p.categorySlug === category.slug || topLevelOf.get(p.categorySlug) === category.slug,
    );
    category.imageKey = first?.imageKeys[0];
  }

  const heroImageKey = "home-hero";
  images.push({
    key: heroImageKey,
    filename: "home-hero.jpg",
    alt: {
      en: "A sweater, a lamp, a vase, a mug, a tote bag and a sneaker on a shelf",
      es: "Un jersey, una lámpara, un jarrón, una taza, un bolso y una zapatilla en una estantería",
    },
    svg: drawHeroArt(),
    widths: heroWidths,
  });
  return { categories, products, images, heroImageKey };
}

/**
 * Colours × sizes. Every third variable product has its last variation sold out and every third
 * (offset by one) has its first colour on sale, so both states show up on product pages.
 */
function planVariations(
  product: PlannedProduct,
  kind: Kind,
  basePrice: number,
  variableIndex: number,
  random: Random,
  images: ImageJob[],
): void {
  const colorCount = kind.sizes === "clothing" || kind.sizes === "shoes" ? 3 : 2;
  product.colors = Array.from(
    { length: colorCount },
    (_, k) => colorTerms[(product.index * 3 + k * 4) % colorTerms.length]!,
  );
  const sizeSet = kind.sizes;
  const sizes = sizeSet ? sizeTerms.filter((size) => size.set === sizeSet) : [];
  product.sizes = sizeSet === "shoes" ? sizes.slice(variableIndex % 2, (variableIndex % 2) + 5) : sizes;

  // Each colour's picture is its variations' own, and the gallery shows them all, the first colour's
  // first: choosing a variation then has a gallery to bring back to its first slide.
  product.imageKeys = product.colors.map((color) => `${product.slug}-${color.slug}`);
  for (const color of product.colors) {
    const key = `${product.slug}-${color.slug}`;
    images.push({
      key,
      filename: `${key}.jpg`,
      alt: {
        en: `${product.name.en} in ${color.label.en.toLowerCase()}`,
        es: `${product.name.es} en ${color.label.es.toLowerCase()}`,
      },
      svg: drawProductArt({ shape: kind.shape, color: color.hex, seed: product.index }),
    });
  }

  const onSale = variableIndex % 3 === 1;
  const factor = saleFactor(random);
  const soldOut = variableIndex % 3 === 0;
  const combinations = product.colors.flatMap((color, colorIndex) =>
    (product.sizes.length > 0 ? product.sizes : [undefined]).map((size) => ({ color, colorIndex, size })),
  );
  product.variations = combinations.map(({ color, colorIndex, size }, menuOrder) => {
    const regularPrice = basePrice + (size?.surcharge ?? 0);
    const out = soldOut && menuOrder === combinations.length - 1;
    return {
      sku: [product.sku, color.slug, size?.slug].filter(Boolean).join("-").toUpperCase(),
      color,
      size,
      regularPrice,
      salePrice: onSale && colorIndex === 0 ? discounted(regularPrice, factor) : null,
      stockQuantity: out ? 0 : random.int(2, 25),
      stockStatus: out ? "outofstock" : "instock",
      imageKey: `${product.slug}-${color.slug}`,
      menuOrder,
    };
  });

  // The listing shows the cheapest variation: its regular and sale price stand for the product.
  const cheapest = product.variations.reduce((best, v) =>
    (v.salePrice ?? v.regularPrice) < (best.salePrice ?? best.regularPrice) ? v : best,
  );
  product.regularPrice = cheapest.regularPrice;
  product.salePrice = cheapest.salePrice;
  product.stockQuantity = null;
  product.stockStatus = product.variations.some((v) => v.stockStatus === "instock")
    ? "instock"
    : "outofstock";
}

/** Mostly plenty in stock, with a handful low, sold out, or not tracked at all. */
function planSimpleStock(product: PlannedProduct, simpleIndex: number, random: Random): void {
  if (simpleIndex % 9 === 4) {
    product.stockQuantity = 0;
    product.stockStatus = "outofstock";
  } else if (simpleIndex % 9 === 7) {
    product.stockQuantity = random.int(1, 3);
  } else if (simpleIndex % 11 === 2) {
    product.stockQuantity = null;
  } else {
    product.stockQuantity = random.int(10, 100);
  }
}

/** Eight products spread over the catalogue, skipping sold-out ones so the home page can sell them. */
function markFeatured(products: PlannedProduct[]): void {
  const step = Math.floor(products.length / featuredCount);
  for (let slot = 0; slot < featuredCount; slot++) {
    const candidate = products.slice(slot * step + 1).find((p) => !p.featured && p.stockStatus === "instock");
    if (!candidate) continue;
    candidate.featured = true;
    candidate.totalSales += 120;
  }
}
