/**
 * The catalogue's search, answered from memory (decision 0020): matching and ranking over a snapshot
 * of every product's texts, SKU, status and categories, with no database work per query. Reading the
 * snapshot and keeping it in step with the database is `search.server.ts`'s job; this module is pure.
 *
 * A product's search text in a language is `name + " " + short description + " " + description`,
 * read in the fallback language when the product has no text in that language; a query matches when
 * that text or the SKU contains it, ignoring case. Candidates come from a token index: texts are cut
 * into tokens (maximal runs of letters and digits, and maximal runs of everything else), and each
 * piece of a query cut the same way can only occur inside a token that contains it. So a query looks
 * its pieces up in the language's vocabulary (one substring search over all distinct tokens), and
 * reaches the products through those tokens' postings.
 */

export type IndexedText = { name: string; shortDescription: string; description: string };

export type IndexedProduct = {
  id: number;
  slug: string;
  sku: string | null;
  published: boolean;
  categoryIds: readonly number[];
  /** Texts by store language; a product without one in a language is read in the fallback language. */
  texts: Readonly<Partial<Record<string, IndexedText>>>;
};

export type IndexedCategory = { id: number; parentId: number | null; slug: string };

export type SearchIndexOptions = { locales: readonly string[]; fallbackLocale: string };

/** 0: the name (or SKU) is the query; 1: the name starts with it; 2: it appears elsewhere. */
export type SearchRank = 0 | 1 | 2;
export type SearchHit = { id: number; slug: string; name: string; rank: SearchRank };
export type SearchPage = { hits: SearchHit[]; total: number };

export type IndexQuery = {
  locale: string;
  /** Normalised (`normaliseQuery`) but not lower-cased. */
  query: string;
  /** A category slug; its subcategories are included. An unknown slug matches nothing. */
  categorySlug?: string | undefined;
  limit: number;
};

/** Lets requests run between the parts of a build: at 100,000 products a build takes seconds. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const DOCUMENTS_BETWEEN_BREATHS = 5000;

const TOKENS = /[\p{L}\p{N}\p{M}]+|[^\p{L}\p{N}\p{M}]+/gu;
const WORD_START = /^[\p{L}\p{N}\p{M}]/u;

/** Maximal runs of letters and digits, and of everything else, in order. */
function tokensOf(text: string): string[] {
  return text.match(TOKENS) ?? [];
}

const isSeparator = (token: string) => !WORD_START.test(token);

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The next value of an ascending sequence at each call; infinity once it is over. */
function reader(values: Iterator<number>): () => number {
  return () => {
    const next = values.next();
    return next.done ? Number.POSITIVE_INFINITY : next.value;
  };
}

/** Length in characters (code points), as PostgreSQL's `length()` counts. */
function characterCount(text: string): number {
  let count = text.length;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A low surrogate after a high one is the second half of one character.
    if (code >= 0xdc00 && code <= 0xdfff && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) count--;
  }
  return count;
}

/**
 * Which strings of a list contain a needle, found by the engine's own substring search over the
 * strings joined by NUL (which no stored text holds: PostgreSQL refuses it).
 */
class SubstringFinder {
  readonly #joined: string;
  readonly #starts: Uint32Array;

  constructor(strings: readonly string[]) {
    this.#joined = strings.join("\u0000");
    this.#starts = new Uint32Array(strings.length + 1);
    let at = 0;
    strings.forEach((text, index) => {
      this.#starts[index] = at;
      at += text.length + 1;
    });
    this.#starts[strings.length] = at;
  }

  /** Positions (in the list) of the strings containing `needle`, ascending, found as they are read. */
  *positions(needle: string): Generator<number, void, undefined> {
    if (needle === "" || needle.includes("\u0000")) return;
    for (let from = 0; ; ) {
      const at = this.#joined.indexOf(needle, from);
      if (at < 0) return;
      const position = this.#positionAt(at);
      yield position;
      from = this.#starts[position + 1]!;
    }
  }

  #positionAt(offset: number): number {
    let low = 0;
    let high = this.#starts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.#starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/** Lower-cased copies, one per distinct text: product texts repeat (care notes, templates). */
class LowerCaseStore {
  readonly #lower = new Map<string, string>();

  get(text: string): string {
    let lower = this.#lower.get(text);
    if (lower === undefined) {
      lower = text.toLowerCase();
      this.#lower.set(text, lower);
    }
    return lower;
  }
}

/** A lower-cased field's distinct tokens, and the separators it starts and ends with. */
type FieldTokens = {
  text: string;
  ids: number[];
  /** The separator run the field starts with, if it starts with one. */
  leading: string | null;
  /** The separator run the field ends with, if it ends with one. */
  trailing: string | null;
  /** No letters or digits at all (an empty field too). */
  onlySeparators: boolean;
};

/** Distinct tokens, numbered as first seen; each distinct field is cut into tokens once. */
class Vocabulary {
  readonly tokens: string[] = [];
  readonly #ids = new Map<string, number>();
  readonly #fields = new Map<string, FieldTokens>();

  idOf(token: string): number {
    let id = this.#ids.get(token);
    if (id === undefined) {
      id = this.tokens.push(token) - 1;
      this.#ids.set(token, id);
    }
    return id;
  }

  ofField(text: string): FieldTokens {
    let known = this.#fields.get(text);
    if (!known) {
      const tokens = tokensOf(text);
      const first = tokens[0];
      const last = tokens.at(-1);
      known = {
        text,
        ids: [...new Set(tokens)].map((token) => this.idOf(token)),
        leading: first !== undefined && isSeparator(first) ? first : null,
        trailing: last !== undefined && isSeparator(last) ? last : null,
        onlySeparators: tokens.every(isSeparator),
      };
      this.#fields.set(text, known);
    }
    return known;
  }
}

/**
 * The separator runs of `fields.join(" ")` that hold a joining space: there the separators at the
 * end of one field and at the start of the next merge into one token, which neither field holds.
 */
function joinedSeparatorRuns(fields: readonly FieldTokens[]): string[] {
  const runs: string[] = [];
  let open: string | null = null;
  let holdsJoin = false;
  fields.forEach((field, index) => {
    if (index > 0) {
      open = `${open ?? ""} `;
      holdsJoin = true;
    }
    if (field.onlySeparators) {
      if (open !== null || field.text !== "") open = (open ?? "") + field.text;
      return;
    }
    if (holdsJoin) runs.push((open ?? "") + (field.leading ?? ""));
    open = field.trailing;
    holdsJoin = false;
  });
  if (holdsJoin && open !== null) runs.push(open);
  return runs;
}

type LowerFields = readonly [name: string, shortDescription: string, description: string];

/**
 * The token index of some documents: the distinct tokens and, for each, the documents holding it.
 * Two passes over the documents (count, then fill), so that no list per token is ever held: at
 * 100,000 products there are millions of postings.
 */
async function indexTokens(documents: readonly (LowerFields | null)[]) {
  const vocabulary = new Vocabulary();
  const lastDocument: number[] = [];
  const counts: number[] = [];
  let postingStart = new Uint32Array(0);
  let postings = new Uint32Array(0);
  let filled = new Uint32Array(0);
  for (const pass of ["count", "fill"] as const) {
    lastDocument.fill(-1);
    for (let document = 0; document < documents.length; document++) {
      if (document % DOCUMENTS_BETWEEN_BREATHS === 0) await breathe();
      const fields = documents[document];
      if (!fields) continue;
      const parts = fields.map((field) => vocabulary.ofField(field));
      const runs = joinedSeparatorRuns(parts).map((run) => vocabulary.idOf(run));
      while (counts.length < vocabulary.tokens.length) {
        counts.push(0);
        lastDocument.push(-1);
      }
      for (const ids of [parts[0]!.ids, parts[1]!.ids, parts[2]!.ids, runs]) {
        for (const id of ids) {
          if (lastDocument[id] === document) continue;
          lastDocument[id] = document;
          if (pass === "count") counts[id]!++;
          else postings[filled[id]!++] = document;
        }
      }
    }
    if (pass === "count") {
      postingStart = new Uint32Array(counts.length + 1);
      counts.forEach((count, id) => {
        postingStart[id + 1] = postingStart[id]! + count;
      });
      postings = new Uint32Array(postingStart[counts.length]!);
      filled = postingStart.slice(0, counts.length);
    }
  }
  return { vocabulary: vocabulary.tokens, postingStart, postings };
}

/**
 * One language's documents: every product, read in that language (else the fallback language; a
 * product with no text at all is named by its slug and found by its SKU only), numbered in the
 * full results' order within a rank: shorter name first, then by name, then by id.
 */
class LanguageView {
  /** Scratch space of {@link textQuery}, which runs to its end before another starts. */
  readonly #seen: Uint8Array;
  readonly #found: Uint32Array;
  #everyDocument: Uint32Array | undefined;

  constructor(
    /** Product (position in the index) of each document. */
    readonly product: Uint32Array,
    /** Document of each product. */
    readonly documentOf: Uint32Array,
    readonly names: readonly string[],
    readonly lowerNames: readonly string[],
    /** For checking a query of several tokens against the whole text. */
    readonly lowerFields: readonly (LowerFields | null)[],
    /** Documents by lower-cased name, then id: the order of names that start with a query. */
    readonly byName: Uint32Array,
    readonly vocabulary: SubstringFinder,
    /** The documents holding token `t` are `postings[postingStart[t] .. postingStart[t + 1]]`, ascending. */
    readonly postingStart: Uint32Array,
    readonly postings: Uint32Array,
  ) {
    this.#seen = new Uint8Array(product.length);
    this.#found = new Uint32Array(product.length);
  }

  get size(): number {
    return this.product.length;
  }

  /**
   * A query (lower-cased) against the documents' texts. Each word piece of the query (or, for a
   * query of separators only, each piece) lies inside a token of every text that contains the query,
   * so the documents holding the rarest piece's tokens are the candidates: for a query of one piece
   * they all match, for a longer one each is compared with its whole text. When the caller reads
   * only the first few matches and even the rarest piece is common, every document is a candidate
   * instead: the first matches are then found by comparing a few texts, not by reading many postings.
   */
  textQuery(
    query: string,
    options: { firstFew: boolean },
  ): { candidates: Iterable<number>; matches(document: number): boolean } {
    const pieces = [...new Set(tokensOf(query))];
    const words = pieces.filter((piece) => !isSeparator(piece));
    const postings = (tokens: number[]) =>
      tokens.reduce((sum, token) => sum + this.postingStart[token + 1]! - this.postingStart[token]!, 0);
    const [rarest] = (words.length > 0 ? words : pieces)
      .map((piece) => [...this.vocabulary.positions(piece)])
      .sort((a, b) => postings(a) - postings(b));
    const contains = (document: number) => this.lowerFields[document]?.join(" ").includes(query) ?? false;
    if (!rarest) return { candidates: [], matches: () => false };
    if (options.firstFew && postings(rarest) > this.size / 8) {
      this.#everyDocument ??= Uint32Array.from({ length: this.size }, (_, document) => document);
      return { candidates: this.#everyDocument, matches: contains };
    }
    // Into buffers kept for the purpose: a query allocates nothing in proportion to the catalogue.
    let count = 0;
    for (const token of rarest) {
      const end = this.postingStart[token + 1]!;
      for (let at = this.postingStart[token]!; at < end; at++) {
        const document = this.postings[at]!;
        if (this.#seen[document]) continue;
        this.#seen[document] = 1;
        this.#found[count++] = document;
      }
    }
    const candidates = this.#found.subarray(0, count).sort();
    for (const document of candidates) this.#seen[document] = 0;
    return { candidates, matches: (document) => pieces.length === 1 || contains(document) };
  }

  /** Documents whose lower-cased name starts with `prefix`, alphabetically. */
  *namesStartingWith(prefix: string): Generator<number> {
    let low = 0;
    let high = this.byName.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.lowerNames[this.byName[middle]!]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let at = low; at < this.byName.length; at++) {
      const document = this.byName[at]!;
      if (!this.lowerNames[document]!.startsWith(prefix)) return;
      yield document;
    }
  }

  static async build(
    products: readonly IndexedProduct[],
    options: SearchIndexOptions & { locale: string; lowerCase: LowerCaseStore },
  ): Promise<LanguageView> {
    const { locale, fallbackLocale, lowerCase } = options;
    const count = products.length;
    const texts = products.map((p) => p.texts[locale] ?? p.texts[fallbackLocale] ?? null);
    const names = products.map((p, i) => texts[i]?.name ?? p.slug);
    const lengths = names.map(characterCount);
    const order = Array.from({ length: count }, (_, i) => i).sort(
      (a, b) =>
        lengths[a]! - lengths[b]! ||
        compareStrings(names[a]!, names[b]!) ||
        products[a]!.id - products[b]!.id,
    );
    const documentOf = new Uint32Array(count);
    order.forEach((productIndex, document) => {
      documentOf[productIndex] = document;
    });
    const lowerFields: (LowerFields | null)[] = [];
    for (const productIndex of order) {
      if (lowerFields.length % DOCUMENTS_BETWEEN_BREATHS === 0) await breathe();
      const text = texts[productIndex]!;
      lowerFields.push(
        text && [
          lowerCase.get(text.name),
          lowerCase.get(text.shortDescription),
          lowerCase.get(text.description),
        ],
      );
    }
    const orderedNames = order.map((i) => names[i]!);
    const lowerNames = orderedNames.map((name) => lowerCase.get(name));
    const byName = Array.from({ length: count }, (_, d) => d).sort(
      (a, b) =>
        compareStrings(lowerNames[a]!, lowerNames[b]!) || products[order[a]!]!.id - products[order[b]!]!.id,
    );
    await breathe();

    const tokens = await indexTokens(lowerFields);
    return new LanguageView(
      Uint32Array.from(order),
      documentOf,
      orderedNames,
      lowerNames,
      lowerFields,
      Uint32Array.from(byName),
      new SubstringFinder(tokens.vocabulary),
      tokens.postingStart,
      tokens.postings,
    );
  }
}

/** A language view's lower-cased SKUs in its document order. */
class SkuFinder {
  readonly #finder: SubstringFinder;
  readonly #documents: number[] = [];

  constructor(skusByDocument: readonly (string | null)[]) {
    const skus: string[] = [];
    skusByDocument.forEach((sku, document) => {
      if (sku === null) return;
      skus.push(sku);
      this.#documents.push(document);
    });
    this.#finder = new SubstringFinder(skus);
  }

  /** Documents whose SKU contains `query` (lower-cased), ascending. */
  *documentsContaining(query: string): Generator<number, void, undefined> {
    for (const position of this.#finder.positions(query)) yield this.#documents[position]!;
  }
}

/**
 * A snapshot of the catalogue, searched in memory. Texts are fixed at build; a product's status,
 * SKU, slug and categories can be updated in place, since they only decide which matches show.
 */
export class SearchIndex {
  readonly #positions: Map<number, number>;
  readonly #ids: Uint32Array;
  readonly #slugs: string[];
  readonly #published: Uint8Array;
  readonly #categoryIds: (readonly number[])[];
  readonly #lowerSkus: (string | null)[];
  /** Made when first needed, and again after an SKU changes. */
  #skuFinders = new Map<LanguageView, SkuFinder>();
  #wholeSkus: Map<string, number[]> | undefined;
  #categories: readonly IndexedCategory[];
  readonly #views: ReadonlyMap<string, LanguageView>;
  readonly #fallbackLocale: string;

  private constructor(
    products: readonly IndexedProduct[],
    categories: readonly IndexedCategory[],
    views: ReadonlyMap<string, LanguageView>,
    fallbackLocale: string,
  ) {
    this.#positions = new Map(products.map((p, position) => [p.id, position]));
    this.#ids = Uint32Array.from(products, (p) => p.id);
    this.#slugs = products.map((p) => p.slug);
    this.#published = Uint8Array.from(products, (p) => (p.published ? 1 : 0));
    this.#categoryIds = products.map((p) => p.categoryIds);
    this.#lowerSkus = products.map((p) => p.sku?.toLowerCase() ?? null);
    this.#categories = categories;
    this.#views = views;
    this.#fallbackLocale = fallbackLocale;
  }

  /** Builds the index in parts, letting other work run between them. */
  static async build(
    products: readonly IndexedProduct[],
    categories: readonly IndexedCategory[],
    options: SearchIndexOptions,
  ): Promise<SearchIndex> {
    const lowerCase = new LowerCaseStore();
    const views = new Map<string, LanguageView>();
    for (const locale of options.locales) {
      views.set(locale, await LanguageView.build(products, { ...options, locale, lowerCase }));
    }
    return new SearchIndex(products, categories, views, options.fallbackLocale);
  }

  get size(): number {
    return this.#ids.length;
  }

  /**
   * Every published match, ranked: name (or SKU) equal to the query, then name starting with it,
   * then the rest; within a rank shorter names first, then by name and id. The page from `offset`.
   */
  search(options: IndexQuery & { offset?: number }): SearchPage {
    const query = options.query.toLowerCase();
    const view = this.#view(options.locale);
    const shown = this.#shownFilter(options.categorySlug);
    if (query === "" || !shown) return { hits: [], total: 0 };
    const byRank: number[][] = [[], [], []];
    for (const document of this.#matching(view, query, shown, { firstFew: false })) {
      byRank[this.#rank(view, document, query)]!.push(document);
    }
    const ranked = byRank.flat();
    const offset = options.offset ?? 0;
    return {
      hits: ranked.slice(offset, offset + options.limit).map((document) => this.#hit(view, document, query)),
      total: ranked.length,
    };
  }

  /**
   * Live-search suggestions: the same matches and ranks as {@link search}, ordered for a short list.
   * Names equal to the query (or a whole SKU) come first, then names starting with it, both
   * alphabetically; then, while there is room, the other matches in the full results' order.
   */
  suggest(options: IndexQuery): SearchHit[] {
    const query = options.query.toLowerCase();
    const view = this.#view(options.locale);
    const shown = this.#shownFilter(options.categorySlug);
    const { limit } = options;
    if (query === "" || !shown || limit <= 0) return [];

    const leading: SearchHit[] = [];
    for (const document of view.namesStartingWith(query)) {
      if (leading.length === limit) break;
      if (shown(view.product[document]!)) leading.push(this.#hit(view, document, query));
    }
    for (const product of this.#productsWithSku(query)) {
      if (shown(product)) leading.push(this.#hit(view, view.documentOf[product]!, query));
    }
    const alphabetically = (a: SearchHit, b: SearchHit) =>
      a.rank - b.rank || compareStrings(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id;
    const hits = new Map<number, SearchHit>();
    for (const hit of leading.sort(alphabetically)) if (!hits.has(hit.id)) hits.set(hit.id, hit);
    if (hits.size >= limit) return [...hits.values()].slice(0, limit);

    for (const document of this.#matching(view, query, shown, { firstFew: true })) {
      const id = this.#ids[view.product[document]!]!;
      if (!hits.has(id)) hits.set(id, this.#hit(view, document, query));
      if (hits.size === limit) break;
    }
    return [...hits.values()];
  }

  /**
   * Takes a product's new status, slug, SKU and categories in place. False when that cannot be
   * done (a product the index does not hold, or changed texts): the index must then be rebuilt.
   */
  update(product: IndexedProduct): boolean {
    const position = this.#positions.get(product.id);
    if (position === undefined || !this.#holdsTexts(position, product)) return false;
    this.#slugs[position] = product.slug;
    this.#published[position] = product.published ? 1 : 0;
    this.#categoryIds[position] = product.categoryIds;
    const sku = product.sku?.toLowerCase() ?? null;
    if (sku !== this.#lowerSkus[position]) {
      this.#lowerSkus[position] = sku;
      this.#skuFinders = new Map();
      this.#wholeSkus = undefined;
    }
    return true;
  }

  replaceCategories(categories: readonly IndexedCategory[]): void {
    this.#categories = categories;
  }

  /** Whether the index reads `product` with these texts (and names) in every language. */
  #holdsTexts(position: number, product: IndexedProduct): boolean {
    for (const [locale, view] of this.#views) {
      const text = product.texts[locale] ?? product.texts[this.#fallbackLocale];
      const document = view.documentOf[position]!;
      if (view.names[document] !== (text?.name ?? product.slug)) return false;
      const held = view.lowerFields[document];
      const wanted = text && [text.name, text.shortDescription, text.description].map((f) => f.toLowerCase());
      if (held?.join("\u0000") !== wanted?.join("\u0000")) return false;
    }
    return true;
  }

  #view(locale: string): LanguageView {
    const view = this.#views.get(locale);
    if (!view) throw new RangeError(`Unknown store language: ${locale}`);
    return view;
  }

  /**
   * The shown documents whose text or SKU contains the (lower-cased) query, in document order,
   * found as they are read: suggestions stop after a few.
   */
  *#matching(
    view: LanguageView,
    query: string,
    shown: (product: number) => boolean,
    options: { firstFew: boolean },
  ): Generator<number> {
    const text = view.textQuery(query, options);
    const nextCandidate = reader(text.candidates[Symbol.iterator]());
    const nextBySku = reader(this.#skuFinder(view).documentsContaining(query));
    let candidate = nextCandidate();
    let bySku = nextBySku();
    while (candidate !== Number.POSITIVE_INFINITY || bySku !== Number.POSITIVE_INFINITY) {
      const document = Math.min(candidate, bySku);
      const skuMatches = bySku === document;
      if (candidate === document) candidate = nextCandidate();
      if (skuMatches) bySku = nextBySku();
      if (shown(view.product[document]!) && (skuMatches || text.matches(document))) yield document;
    }
  }

  #skuFinder(view: LanguageView): SkuFinder {
    let finder = this.#skuFinders.get(view);
    if (!finder) {
      finder = new SkuFinder(Array.from(view.product, (product) => this.#lowerSkus[product]!));
      this.#skuFinders.set(view, finder);
    }
    return finder;
  }

  /** Products whose whole SKU is the (lower-cased) query. */
  #productsWithSku(query: string): readonly number[] {
    if (!this.#wholeSkus) {
      const wholeSkus = new Map<string, number[]>();
      this.#lowerSkus.forEach((sku, product) => {
        if (sku === null) return;
        const same = wholeSkus.get(sku);
        if (same) same.push(product);
        else wholeSkus.set(sku, [product]);
      });
      this.#wholeSkus = wholeSkus;
    }
    return this.#wholeSkus.get(query) ?? [];
  }

  #rank(view: LanguageView, document: number, query: string): SearchRank {
    const name = view.lowerNames[document]!;
    if (name === query || this.#lowerSkus[view.product[document]!] === query) return 0;
    return name.startsWith(query) ? 1 : 2;
  }

  #hit(view: LanguageView, document: number, query: string): SearchHit {
    const product = view.product[document]!;
    return {
      id: this.#ids[product]!,
      slug: this.#slugs[product]!,
      name: view.names[document]!,
      rank: this.#rank(view, document, query),
    };
  }

  /**
   * Which products a search may show: published ones, in the category or under it when one is
   * named. Null when nothing can be shown (an unknown category).
   */
  #shownFilter(categorySlug: string | undefined): ((product: number) => boolean) | null {
    if (!categorySlug) return (product) => this.#published[product] === 1;
    const root = this.#categories.find((category) => category.slug === categorySlug);
    if (!root) return null;
    const tree = new Set([root.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const category of this.#categories) {
        if (category.parentId !== null && tree.has(category.parentId) && !tree.has(category.id)) {
          tree.add(category.id);
          grew = true;
        }
      }
    }
    return (product) =>
      this.#published[product] === 1 && this.#categoryIds[product]!.some((id) => tree.has(id));
  }
}
