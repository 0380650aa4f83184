import type { ArtShape } from "./art.ts";

/**
 * The words the demo catalogue is written with. Spanish nouns carry gender and number because
 * adjectives agree with them ("jersey nórdico", "botas nórdicas"); sentences that would need
 * agreement with an unknown noun are phrased so that they do not.
 */
export type Text = { en: string; es: string };

export type Gender = "m" | "f";

export type Adjective = { slug: string; en: string; es: { m: string; f: string }; sentence: Text };

export const adjectives: readonly Adjective[] = [
  {
    slug: "classic",
    en: "Classic",
    es: { m: "clásico", f: "clásica" },
    sentence: {
      en: "Its timeless lines will look as right in ten years as they do today.",
      es: "Sus líneas atemporales seguirán siendo un acierto dentro de diez años.",
    },
  },
  {
    slug: "modern",
    en: "Modern",
    es: { m: "moderno", f: "moderna" },
    sentence: {
      en: "Clean proportions and crisp details give it a contemporary feel.",
      es: "Sus proporciones limpias y sus detalles precisos le dan un aire contemporáneo.",
    },
  },
  {
    slug: "nordic",
    en: "Nordic",
    es: { m: "nórdico", f: "nórdica" },
    sentence: {
      en: "Inspired by Scandinavian design: calm colours, honest materials and nothing superfluous.",
      es: "Con inspiración escandinava: colores serenos, materiales nobles y nada superfluo.",
    },
  },
  {
    slug: "rustic",
    en: "Rustic",
    es: { m: "rústico", f: "rústica" },
    sentence: {
      en: "A slightly irregular, hand-finished look brings warmth to any setting.",
      es: "Un acabado artesanal, ligeramente irregular, aporta calidez a cualquier espacio.",
    },
  },
  {
    slug: "urban",
    en: "Urban",
    es: { m: "urbano", f: "urbana" },
    sentence: {
      en: "Ideal for busy days in the city, from the morning commute to dinner with friends.",
      es: "Ideal para los días ajetreados en la ciudad, del trayecto de la mañana a la cena con amigos.",
    },
  },
  {
    slug: "vintage",
    en: "Vintage",
    es: { m: "vintage", f: "vintage" },
    sentence: {
      en: "A nod to the seventies, with a colour that feels lived-in from the very first day.",
      es: "Un guiño a los años setenta, con un color que parece tener historia desde el primer día.",
    },
  },
  {
    slug: "minimal",
    en: "Minimal",
    es: { m: "minimalista", f: "minimalista" },
    sentence: {
      en: "Nothing is there that does not need to be, so the material and the shape do the talking.",
      es: "No le sobra nada: el material y la forma hablan por sí solos.",
    },
  },
  {
    slug: "essential",
    en: "Essential",
    es: { m: "esencial", f: "esencial" },
    sentence: {
      en: "A dependable staple you will reach for again and again.",
      es: "Un básico fiable al que recurrirás una y otra vez.",
    },
  },
  {
    slug: "mediterranean",
    en: "Mediterranean",
    es: { m: "mediterráneo", f: "mediterránea" },
    sentence: {
      en: "Sun-washed tones and an easy character borrowed from long summers by the sea.",
      es: "Tonos bañados por el sol y un carácter relajado que evoca los largos veranos junto al mar.",
    },
  },
  {
    slug: "heritage",
    en: "Heritage",
    es: { m: "tradicional", f: "tradicional" },
    sentence: {
      en: "Made the traditional way, with techniques refined over generations.",
      es: "Elaboración tradicional, con técnicas perfeccionadas durante generaciones.",
    },
  },
  {
    slug: "alpine",
    en: "Alpine",
    es: { m: "alpino", f: "alpina" },
    sentence: {
      en: "Sturdy and dependable, made with cold mornings in the mountains in mind.",
      es: "Resistente y fiable, con las mañanas frías de montaña en mente.",
    },
  },
];

/** Plural of a Spanish adjective; "vintage" is an invariable loanword. */
export function spanishPlural(word: string): string {
  if (word === "vintage") return word;
  return /[aeiouáéó]$/.test(word) ? `${word}s` : `${word}es`;
}

export type Material = {
  slug: string;
  en: string;
  /** As it follows "de" in a Spanish product name. */
  es: string;
  /** Completes "…, in …": "in soft, breathable cotton". */
  phrase: Text;
  sentence: Text;
  /** Plausible colours for the object, `#rrggbb`. */
  colors: readonly string[];
};

export const materials: Record<string, Material> = Object.fromEntries(
  (
    [
      {
        slug: "cotton",
        en: "Cotton",
        es: "algodón",
        phrase: { en: "in soft, breathable cotton", es: "en algodón suave y transpirable" },
        sentence: {
          en: "Cotton feels good from the first wear and gets better with every wash.",
          es: "El algodón resulta agradable desde el primer uso y mejora con cada lavado.",
        },
        colors: ["#f2f0eb", "#27375e", "#b8393a", "#8a8d91", "#7fb2d9"],
      },
      {
        slug: "organic-cotton",
        en: "Organic Cotton",
        es: "algodón orgánico",
        phrase: { en: "in certified organic cotton", es: "en algodón orgánico certificado" },
        sentence: {
          en: "The organic cotton is grown without synthetic pesticides and stays soft wash after wash.",
          es: "El algodón orgánico se cultiva sin pesticidas sintéticos y se mantiene suave lavado tras lavado.",
        },
        colors: ["#3f6b4f", "#d8c3a0", "#c0643f", "#f2f0eb"],
      },
      {
        slug: "linen",
        en: "Linen",
        es: "lino",
        phrase: { en: "in washed European linen", es: "en lino europeo lavado" },
        sentence: {
          en: "Linen keeps you cool in the heat and softens beautifully with time.",
          es: "El lino es fresco cuando aprieta el calor y se suaviza con el tiempo.",
        },
        colors: ["#d8c3a0", "#e9e4d8", "#9bb0a0", "#c0643f"],
      },
      {
        slug: "wool",
        en: "Wool",
        es: "lana",
        phrase: { en: "in warm, hard-wearing wool", es: "en lana cálida y resistente" },
        sentence: {
          en: "Wool regulates temperature naturally and resists odours, so it needs little care.",
          es: "La lana regula la temperatura de forma natural y resiste los olores, así que necesita pocos cuidados.",
        },
        colors: ["#8a8d91", "#6b4a3a", "#27375e", "#3f6b4f"],
      },
      {
        slug: "merino",
        en: "Merino",
        es: "lana merina",
        phrase: { en: "in fine merino wool", es: "en lana merina fina" },
        sentence: {
          en: "Fine merino wool is warm without weight and never itchy.",
          es: "La lana merina fina abriga sin pesar y no pica.",
        },
        colors: ["#d4a232", "#2b2b2e", "#7a3b45", "#8a8d91"],
      },
      {
        slug: "denim",
        en: "Denim",
        es: "tela vaquera",
        phrase: { en: "in rigid selvedge denim", es: "en tela vaquera rígida con orillo" },
        sentence: {
          en: "Sturdy denim fades gradually and takes on the character of whoever wears it.",
          es: "La tela vaquera, resistente, se desgasta poco a poco y adopta el carácter de quien la lleva.",
        },
        colors: ["#3b5a8a", "#27375e", "#6f8fb8"],
      },
      {
        slug: "waxed-cotton",
        en: "Waxed Cotton",
        es: "algodón encerado",
        phrase: { en: "in weatherproof waxed cotton", es: "en algodón encerado impermeable" },
        sentence: {
          en: "Waxed cotton sheds light rain and can be re-proofed to last for decades.",
          es: "El algodón encerado repele la lluvia ligera y se puede volver a encerar para que dure décadas.",
        },
        colors: ["#4d5a3a", "#6b4a3a", "#2b2b2e"],
      },
      {
        slug: "recycled-nylon",
        en: "Recycled Nylon",
        es: "nailon reciclado",
        phrase: { en: "in light recycled nylon", es: "en nailon reciclado ligero" },
        sentence: {
          en: "Recycled nylon is light, dries quickly and gives waste a second life.",
          es: "El nailon reciclado es ligero, se seca rápido y da una segunda vida a los residuos.",
        },
        colors: ["#2b2b2e", "#c0643f", "#3f6b4f", "#7fb2d9"],
      },
      {
        slug: "corduroy",
        en: "Corduroy",
        es: "pana",
        phrase: { en: "in soft needlecord", es: "en pana fina y suave" },
        sentence: {
          en: "Soft corduroy adds texture and warmth without bulk.",
          es: "La pana suave aporta textura y calidez sin abultar.",
        },
        colors: ["#a0522d", "#d4a232", "#4d5a3a"],
      },
      {
        slug: "leather",
        en: "Leather",
        es: "piel",
        phrase: { en: "in full-grain leather", es: "en piel de flor entera" },
        sentence: {
          en: "Full-grain leather develops a rich patina and only gets better with use.",
          es: "La piel de flor entera desarrolla una pátina intensa y mejora con el uso.",
        },
        colors: ["#8b5a2b", "#2b2b2e", "#a0522d", "#5a3a2a"],
      },
      {
        slug: "suede",
        en: "Suede",
        es: "ante",
        phrase: { en: "in water-repellent suede", es: "en ante hidrófugo" },
        sentence: {
          en: "Velvety suede is treated to resist stains and light showers.",
          es: "El ante, aterciopelado, está tratado para resistir manchas y chubascos ligeros.",
        },
        colors: ["#c49a6c", "#8a8d91", "#6b4a3a"],
      },
      {
        slug: "canvas",
        en: "Canvas",
        es: "lona",
        phrase: { en: "in heavy cotton canvas", es: "en lona de algodón gruesa" },
        sentence: {
          en: "Heavy cotton canvas is tough enough for daily use and easy to clean.",
          es: "La lona de algodón gruesa aguanta el uso diario y es fácil de limpiar.",
        },
        colors: ["#e9e4d8", "#b8393a", "#27375e", "#3f6b4f"],
      },
      {
        slug: "jute",
        en: "Jute",
        es: "yute",
        phrase: { en: "in natural jute", es: "en yute natural" },
        sentence: {
          en: "Natural jute fibre is strong, biodegradable and pleasantly textured.",
          es: "La fibra natural de yute es resistente, biodegradable y tiene una textura agradable.",
        },
        colors: ["#c9a66b", "#b8955a"],
      },
      {
        slug: "ceramic",
        en: "Ceramic",
        es: "cerámica",
        phrase: { en: "in hand-glazed ceramic", es: "en cerámica esmaltada a mano" },
        sentence: {
          en: "Each ceramic piece is glazed by hand, so no two are exactly alike.",
          es: "Cada pieza de cerámica se esmalta a mano, así que no hay dos exactamente iguales.",
        },
        colors: ["#f2f0eb", "#7fb2d9", "#c0643f", "#3f6b4f", "#2b2b2e"],
      },
      {
        slug: "stoneware",
        en: "Stoneware",
        es: "gres",
        phrase: { en: "in speckled stoneware", es: "en gres moteado" },
        sentence: {
          en: "Stoneware is fired at high temperature for a dense, chip-resistant body.",
          es: "El gres se cuece a alta temperatura, lo que da una pieza densa y resistente a los golpes.",
        },
        colors: ["#d8c3a0", "#8a8d91", "#6f8fb8", "#a0522d"],
      },
      {
        slug: "porcelain",
        en: "Porcelain",
        es: "porcelana",
        phrase: { en: "in fine white porcelain", es: "en porcelana blanca fina" },
        sentence: {
          en: "Fine porcelain is light, smooth and safe in the dishwasher.",
          es: "La porcelana fina es ligera, lisa y apta para el lavavajillas.",
        },
        colors: ["#f6f4ef", "#e3ecf2", "#27375e"],
      },
      {
        slug: "glass",
        en: "Glass",
        es: "vidrio",
        phrase: { en: "in clear borosilicate glass", es: "en vidrio de borosilicato transparente" },
        sentence: {
          en: "Borosilicate glass handles heat well and shows off what is inside.",
          es: "El vidrio de borosilicato soporta bien el calor y deja ver lo que hay dentro.",
        },
        colors: ["#bfe0dc", "#cfe3f0", "#e3d9c2"],
      },
      {
        slug: "brass",
        en: "Brass",
        es: "latón",
        phrase: { en: "in solid brushed brass", es: "en latón macizo cepillado" },
        sentence: {
          en: "Solid brass warms in tone over the years.",
          es: "El latón macizo adquiere un tono más cálido con los años.",
        },
        colors: ["#d4a232", "#c9a04a"],
      },
      {
        slug: "oak",
        en: "Oak",
        es: "roble",
        phrase: { en: "in FSC-certified oak", es: "en roble con certificación FSC" },
        sentence: {
          en: "Sustainably sourced oak brings the warmth of its natural grain.",
          es: "El roble de origen sostenible aporta la calidez de su veta natural.",
        },
        colors: ["#c49a6c", "#e9e4d8"],
      },
      {
        slug: "rattan",
        en: "Rattan",
        es: "ratán",
        phrase: { en: "in hand-woven rattan", es: "en ratán tejido a mano" },
        sentence: {
          en: "Hand-woven rattan filters the light into soft patterns.",
          es: "El ratán tejido a mano filtra la luz en dibujos suaves.",
        },
        colors: ["#c9a66b", "#d8c3a0"],
      },
      {
        slug: "velvet",
        en: "Velvet",
        es: "terciopelo",
        phrase: { en: "in plush cotton velvet", es: "en terciopelo de algodón" },
        sentence: {
          en: "Plush velvet catches the light and invites you to sink in.",
          es: "El terciopelo, mullido, juega con la luz e invita a acomodarse.",
        },
        colors: ["#3f6b4f", "#7a3b45", "#d4a232", "#27375e"],
      },
      {
        slug: "cast-iron",
        en: "Cast Iron",
        es: "hierro fundido",
        phrase: { en: "in enamelled cast iron", es: "en hierro fundido esmaltado" },
        sentence: {
          en: "Cast iron holds heat for a long time, keeping tea warm through a second cup.",
          es: "El hierro fundido conserva el calor durante mucho tiempo y mantiene el té caliente hasta la segunda taza.",
        },
        colors: ["#2b2b2e", "#3f6b4f", "#b8393a"],
      },
      {
        slug: "stainless-steel",
        en: "Stainless Steel",
        es: "acero inoxidable",
        phrase: { en: "in double-walled stainless steel", es: "en acero inoxidable de doble pared" },
        sentence: {
          en: "Double-walled stainless steel keeps drinks cold for 24 hours or hot for 12.",
          es: "El acero inoxidable de doble pared mantiene las bebidas frías 24 horas o calientes 12.",
        },
        colors: ["#8a8d91", "#3f6b4f", "#27375e", "#c0643f"],
      },
      {
        slug: "bamboo",
        en: "Bamboo",
        es: "bambú",
        phrase: { en: "in lacquered bamboo", es: "en bambú lacado" },
        sentence: {
          en: "Fast-growing bamboo is light, strong and renewable.",
          es: "El bambú crece rápido y es ligero, resistente y renovable.",
        },
        colors: ["#c9a66b", "#e3d9c2"],
      },
      {
        slug: "recycled-polyester",
        en: "Recycled Polyester",
        es: "poliéster reciclado",
        phrase: { en: "in recycled polyester", es: "en poliéster reciclado" },
        sentence: {
          en: "Woven from recycled bottles, the fabric is light and dries quickly.",
          es: "El tejido, hecho con botellas recicladas, es ligero y se seca rápido.",
        },
        colors: ["#2b2b2e", "#7fb2d9", "#d4a232"],
      },
    ] satisfies Material[]
  ).map((material) => [material.slug, material]),
);

export type CategorySeed = {
  slug: string;
  name: Text;
  description: Text;
  children?: CategorySeed[];
};

export const categoryTree: readonly CategorySeed[] = [
  {
    slug: "clothing",
    name: { en: "Clothing", es: "Ropa" },
    description: {
      en: "Everyday clothing in natural fibres, cut to last for more than one season.",
      es: "Ropa para el día a día en fibras naturales, con cortes que duran más de una temporada.",
    },
    children: [
      {
        slug: "t-shirts",
        name: { en: "T-shirts", es: "Camisetas" },
        description: {
          en: "Crew necks and relaxed tees in cotton and linen.",
          es: "Camisetas de cuello redondo y cortes holgados en algodón y lino.",
        },
      },
      {
        slug: "sweaters",
        name: { en: "Sweaters", es: "Jerséis" },
        description: {
          en: "Warm knits in wool, merino and cotton.",
          es: "Prendas de punto cálidas en lana, merino y algodón.",
        },
      },
      {
        slug: "jackets",
        name: { en: "Jackets", es: "Chaquetas" },
        description: {
          en: "Light layers for wind, showers and cool evenings.",
          es: "Capas ligeras para el viento, los chubascos y las noches frescas.",
        },
      },
    ],
  },
  {
    slug: "shoes",
    name: { en: "Shoes", es: "Calzado" },
    description: {
      en: "Sneakers and boots made to walk in all day.",
      es: "Zapatillas y botas hechas para caminar todo el día.",
    },
  },
  {
    slug: "bags",
    name: { en: "Bags", es: "Bolsos" },
    description: {
      en: "Totes, backpacks and crossbody bags for work, travel and the weekend.",
      es: "Bolsos tote, mochilas y bandoleras para el trabajo, los viajes y el fin de semana.",
    },
  },
  {
    slug: "home",
    name: { en: "Home", es: "Hogar" },
    description: {
      en: "Lamps, cushions and vases that make a room feel lived-in.",
      es: "Lámparas, cojines y jarrones que hacen que una habitación se sienta vivida.",
    },
  },
  {
    slug: "kitchen",
    name: { en: "Kitchen", es: "Cocina" },
    description: {
      en: "Mugs, bowls and teapots for the table and the stove.",
      es: "Tazas, cuencos y teteras para la mesa y los fogones.",
    },
  },
  {
    slug: "outdoor",
    name: { en: "Outdoor", es: "Aire libre" },
    description: {
      en: "Bottles, lanterns and caps for hikes, picnics and nights under the stars.",
      es: "Botellas, faroles y gorras para excursiones, pícnics y noches bajo las estrellas.",
    },
  },
];

/** Care advice by top-level category, closing every description. */
export const careNotes: Record<string, Text> = {
  clothing: { en: "Machine wash cold and dry flat.", es: "Lavar a máquina en frío y secar en plano." },
  shoes: {
    en: "Brush off dirt and let them dry naturally, away from direct heat.",
    es: "Cepillar la suciedad y dejar secar de forma natural, lejos de fuentes de calor.",
  },
  bags: { en: "Spot clean with a damp cloth.", es: "Limpiar las manchas con un paño húmedo." },
  home: { en: "Dust with a soft, dry cloth.", es: "Quitar el polvo con un paño suave y seco." },
  kitchen: {
    en: "Wash in warm soapy water and dry well before putting away.",
    es: "Lavar con agua tibia y jabón, y secar bien antes de guardar.",
  },
  outdoor: {
    en: "Rinse with fresh water after use and store dry.",
    es: "Enjuagar con agua dulce después de usar y guardar en seco.",
  },
};

export type SizeSet = "clothing" | "shoes" | "bags";

/** A kind of product: what it is called, where it is filed, how it is drawn and priced. */
export type Kind = {
  slug: string;
  code: string;
  noun: Text;
  gender: Gender;
  plural: boolean;
  category: string;
  shape: ArtShape;
  /** Regular price range in whole dollars. */
  price: [number, number];
  materials: readonly string[];
  /** A noun phrase with its article, opening the short description. */
  pitch: Text;
  use: Text;
  count: number;
  /** How many of `count` are sold in colours (and sizes). */
  variable: number;
  sizes?: SizeSet;
};

export const kinds: readonly Kind[] = [
  {
    slug: "t-shirt",
    code: "TEE",
    noun: { en: "T-Shirt", es: "Camiseta" },
    gender: "f",
    plural: false,
    category: "t-shirts",
    shape: "tshirt",
    price: [18, 35],
    materials: ["cotton", "organic-cotton", "linen"],
    pitch: {
      en: "A crew-neck tee for easy everyday wear",
      es: "Una camiseta de cuello redondo para el día a día",
    },
    use: {
      en: "The relaxed fit and reinforced seams keep their shape wash after wash.",
      es: "El corte holgado y las costuras reforzadas mantienen la forma lavado tras lavado.",
    },
    count: 4,
    variable: 3,
    sizes: "clothing",
  },
  {
    slug: "sweater",
    code: "SWT",
    noun: { en: "Sweater", es: "Jersey" },
    gender: "m",
    plural: false,
    category: "sweaters",
    shape: "sweater",
    price: [45, 95],
    materials: ["wool", "merino", "cotton"],
    pitch: {
      en: "A cosy knit for cool mornings and long evenings",
      es: "Un jersey acogedor para mañanas frescas y tardes largas",
    },
    use: {
      en: "Ribbed cuffs and hem hold the shape, and it layers easily over a shirt.",
      es: "Los puños y el bajo de canalé mantienen la forma, y se lleva fácilmente sobre una camisa.",
    },
    count: 4,
    variable: 2,
    sizes: "clothing",
  },
  {
    slug: "jacket",
    code: "JKT",
    noun: { en: "Jacket", es: "Chaqueta" },
    gender: "f",
    plural: false,
    category: "jackets",
    shape: "jacket",
    price: [79, 160],
    materials: ["denim", "waxed-cotton", "recycled-nylon", "corduroy"],
    pitch: {
      en: "A light jacket made for changeable weather",
      es: "Una chaqueta ligera pensada para el tiempo cambiante",
    },
    use: {
      en: "Two deep pockets, a full-length zip and a collar you can turn up against the wind.",
      es: "Dos bolsillos profundos, cremallera completa y un cuello que se puede subir contra el viento.",
    },
    count: 3,
    variable: 2,
    sizes: "clothing",
  },
  {
    slug: "sneakers",
    code: "SNK",
    noun: { en: "Sneakers", es: "Zapatillas" },
    gender: "f",
    plural: true,
    category: "shoes",
    shape: "sneaker",
    price: [59, 120],
    materials: ["canvas", "leather", "suede"],
    pitch: {
      en: "Low-top sneakers that go with everything",
      es: "Unas zapatillas bajas que combinan con todo",
    },
    use: {
      en: "A cushioned insole and a grippy rubber sole make them easy to wear from morning to night.",
      es: "La plantilla acolchada y la suela de goma antideslizante las hacen cómodas de la mañana a la noche.",
    },
    count: 4,
    variable: 2,
    sizes: "shoes",
  },
  {
    slug: "boots",
    code: "BOT",
    noun: { en: "Boots", es: "Botas" },
    gender: "f",
    plural: true,
    category: "shoes",
    shape: "boot",
    price: [110, 220],
    materials: ["leather", "suede"],
    pitch: {
      en: "Lace-up ankle boots made to walk all day",
      es: "Unas botas con cordones hechas para caminar todo el día",
    },
    use: {
      en: "A padded collar and a stitched rubber sole make them comfortable from the first day.",
      es: "El cuello acolchado y la suela de goma cosida las hacen cómodas desde el primer día.",
    },
    count: 3,
    variable: 1,
    sizes: "shoes",
  },
  {
    slug: "tote-bag",
    code: "TOT",
    noun: { en: "Tote Bag", es: "Bolso tote" },
    gender: "m",
    plural: false,
    category: "bags",
    shape: "tote",
    price: [25, 140],
    materials: ["canvas", "jute", "leather"],
    pitch: {
      en: "A roomy tote for the market, the office or the beach",
      es: "Un bolso amplio para el mercado, la oficina o la playa",
    },
    use: {
      en: "An inside pocket keeps keys and phone within reach, and the long handles fit over the shoulder.",
      es: "Un bolsillo interior mantiene a mano las llaves y el móvil, y las asas largas se llevan al hombro.",
    },
    count: 4,
    variable: 1,
    sizes: "bags",
  },
  {
    slug: "backpack",
    code: "BPK",
    noun: { en: "Backpack", es: "Mochila" },
    gender: "f",
    plural: false,
    category: "bags",
    shape: "backpack",
    price: [65, 150],
    materials: ["canvas", "recycled-nylon", "waxed-cotton"],
    pitch: {
      en: "An everyday backpack with room for a laptop",
      es: "Una mochila para cada día con espacio para el portátil",
    },
    use: {
      en: "A padded sleeve fits a 15-inch laptop, and the front pocket keeps small things in order.",
      es: "Un compartimento acolchado admite un portátil de 15 pulgadas y el bolsillo frontal mantiene en orden las cosas pequeñas.",
    },
    count: 4,
    variable: 1,
  },
  {
    slug: "crossbody-bag",
    code: "XBG",
    noun: { en: "Crossbody Bag", es: "Bandolera" },
    gender: "f",
    plural: false,
    category: "bags",
    shape: "crossbody",
    price: [55, 180],
    materials: ["leather", "suede", "canvas"],
    pitch: {
      en: "A compact crossbody bag for hands-free days",
      es: "Una bandolera compacta para ir con las manos libres",
    },
    use: {
      en: "The adjustable strap lets you wear it across the body or on the shoulder.",
      es: "La correa ajustable permite llevarla cruzada o al hombro.",
    },
    count: 3,
    variable: 0,
  },
  {
    slug: "table-lamp",
    code: "LMP",
    noun: { en: "Table Lamp", es: "Lámpara de mesa" },
    gender: "f",
    plural: false,
    category: "home",
    shape: "lamp",
    price: [49, 190],
    materials: ["ceramic", "brass", "rattan", "oak"],
    pitch: {
      en: "A table lamp that casts a warm, even glow",
      es: "Una lámpara de mesa que da una luz cálida y uniforme",
    },
    use: {
      en: "It takes a standard E27 bulb and comes with a two-metre fabric cable.",
      es: "Admite una bombilla estándar E27 e incluye un cable textil de dos metros.",
    },
    count: 4,
    variable: 0,
  },
  {
    slug: "cushion",
    code: "CSH",
    noun: { en: "Cushion", es: "Cojín" },
    gender: "m",
    plural: false,
    category: "home",
    shape: "cushion",
    price: [22, 55],
    materials: ["linen", "velvet", "cotton"],
    pitch: {
      en: "A plump cushion to brighten a sofa or bed",
      es: "Un cojín mullido para alegrar el sofá o la cama",
    },
    use: {
      en: "The cover zips off for washing, and the feather-blend filling keeps its loft.",
      es: "La funda se quita con cremallera para lavarla y el relleno de plumas mantiene el volumen.",
    },
    count: 4,
    variable: 1,
  },
  {
    slug: "vase",
    code: "VAS",
    noun: { en: "Vase", es: "Jarrón" },
    gender: "m",
    plural: false,
    category: "home",
    shape: "vase",
    price: [24, 89],
    materials: ["ceramic", "glass", "stoneware"],
    pitch: {
      en: "A sculptural vase for fresh or dried flowers",
      es: "Un jarrón escultural para flores frescas o secas",
    },
    use: {
      en: "A narrow neck holds stems upright, and the inside is sealed to hold water.",
      es: "El cuello estrecho sostiene los tallos erguidos y el interior está sellado para contener agua.",
    },
    count: 4,
    variable: 0,
  },
  {
    slug: "mug",
    code: "MUG",
    noun: { en: "Mug", es: "Taza" },
    gender: "f",
    plural: false,
    category: "kitchen",
    shape: "mug",
    price: [12, 28],
    materials: ["stoneware", "porcelain", "ceramic"],
    pitch: {
      en: "A generous mug for your morning coffee",
      es: "Una taza generosa para el café de la mañana",
    },
    use: {
      en: "It holds 350 ml and is safe in the microwave and the dishwasher.",
      es: "Tiene capacidad para 350 ml y es apta para el microondas y el lavavajillas.",
    },
    count: 4,
    variable: 1,
  },
  {
    slug: "bowl",
    code: "BWL",
    noun: { en: "Bowl", es: "Cuenco" },
    gender: "m",
    plural: false,
    category: "kitchen",
    shape: "bowl",
    price: [14, 42],
    materials: ["stoneware", "bamboo", "porcelain"],
    pitch: {
      en: "A versatile bowl for salads, soups and breakfast",
      es: "Un cuenco versátil para ensaladas, sopas y desayunos",
    },
    use: {
      en: "Wide and shallow, it stacks neatly on the shelf.",
      es: "Ancho y poco profundo, se apila fácilmente en la estantería.",
    },
    count: 3,
    variable: 0,
  },
  {
    slug: "teapot",
    code: "TPT",
    noun: { en: "Teapot", es: "Tetera" },
    gender: "f",
    plural: false,
    category: "kitchen",
    shape: "teapot",
    price: [29, 95],
    materials: ["cast-iron", "porcelain", "glass"],
    pitch: {
      en: "A teapot that brews four cups at a time",
      es: "Una tetera para preparar cuatro tazas de una vez",
    },
    use: {
      en: "A removable stainless steel infuser makes loose-leaf tea simple.",
      es: "Un infusor extraíble de acero inoxidable facilita preparar té a granel.",
    },
    count: 3,
    variable: 0,
  },
  {
    slug: "water-bottle",
    code: "BTL",
    noun: { en: "Water Bottle", es: "Botella" },
    gender: "f",
    plural: false,
    category: "outdoor",
    shape: "bottle",
    price: [19, 45],
    materials: ["stainless-steel", "glass"],
    pitch: {
      en: "A leak-proof bottle for hikes, the gym and your desk",
      es: "Una botella hermética para la montaña, el gimnasio y la oficina",
    },
    use: {
      en: "The screw lid seals tightly, and the wide mouth takes ice cubes.",
      es: "El tapón de rosca cierra herméticamente y la boca ancha admite cubitos de hielo.",
    },
    count: 3,
    variable: 1,
  },
  {
    slug: "camping-lantern",
    code: "LTN",
    noun: { en: "Camping Lantern", es: "Farol de camping" },
    gender: "m",
    plural: false,
    category: "outdoor",
    shape: "lantern",
    price: [29, 79],
    materials: ["stainless-steel", "bamboo"],
    pitch: {
      en: "A rechargeable lantern for campsites and garden evenings",
      es: "Un farol recargable para la acampada y las noches en el jardín",
    },
    use: {
      en: "Three brightness settings and up to 40 hours of light on one charge.",
      es: "Tres niveles de intensidad y hasta 40 horas de luz con una sola carga.",
    },
    count: 3,
    variable: 0,
  },
  {
    slug: "cap",
    code: "CAP",
    noun: { en: "Cap", es: "Gorra" },
    gender: "f",
    plural: false,
    category: "outdoor",
    shape: "cap",
    price: [19, 39],
    materials: ["cotton", "recycled-polyester", "corduroy"],
    pitch: {
      en: "A six-panel cap with an adjustable strap",
      es: "Una gorra de seis paneles con cierre ajustable",
    },
    use: {
      en: "A curved brim shades your eyes, and the strap adjusts to fit.",
      es: "La visera curva protege los ojos del sol y la correa se ajusta a tu medida.",
    },
    count: 3,
    variable: 1,
  },
];

export type ColorTerm = { slug: string; label: Text; hex: string };

export const colorTerms: readonly ColorTerm[] = [
  { slug: "black", label: { en: "Black", es: "Negro" }, hex: "#2b2b2e" },
  { slug: "white", label: { en: "White", es: "Blanco" }, hex: "#f2f0eb" },
  { slug: "navy", label: { en: "Navy", es: "Azul marino" }, hex: "#27375e" },
  { slug: "red", label: { en: "Red", es: "Rojo" }, hex: "#b8393a" },
  { slug: "forest-green", label: { en: "Forest green", es: "Verde bosque" }, hex: "#3f6b4f" },
  { slug: "sand", label: { en: "Sand", es: "Arena" }, hex: "#d8c3a0" },
  { slug: "grey", label: { en: "Grey", es: "Gris" }, hex: "#8a8d91" },
  { slug: "mustard", label: { en: "Mustard", es: "Mostaza" }, hex: "#d4a232" },
  { slug: "terracotta", label: { en: "Terracotta", es: "Terracota" }, hex: "#c0643f" },
  { slug: "sky-blue", label: { en: "Sky blue", es: "Azul cielo" }, hex: "#7fb2d9" },
];

export type SizeTerm = {
  slug: string;
  label: Text;
  set: SizeSet /** Added to the regular price, in cents. */;
  surcharge: number;
};

export const sizeTerms: readonly SizeTerm[] = [
  { slug: "s", label: { en: "S", es: "S" }, set: "clothing", surcharge: 0 },
  { slug: "m", label: { en: "M", es: "M" }, set: "clothing", surcharge: 0 },
  { slug: "l", label: { en: "L", es: "L" }, set: "clothing", surcharge: 0 },
  { slug: "xl", label: { en: "XL", es: "XL" }, set: "clothing", surcharge: 300 },
  ...["39", "40", "41", "42", "43", "44"].map((size) => ({
    slug: size,
    label: { en: `EU ${size}`, es: `EU ${size}` },
    set: "shoes" as const,
    surcharge: 0,
  })),
  { slug: "small", label: { en: "Small", es: "Pequeño" }, set: "bags", surcharge: 0 },
  { slug: "large", label: { en: "Large", es: "Grande" }, set: "bags", surcharge: 1000 },
];
