import { hsl, luminance, mix } from "./palette.ts";
import { createRandom } from "./random.ts";

/**
 * Product pictures drawn as SVG: one stylised object on a soft, lightly patterned background.
 * Everything is derived from the arguments, so the same product always gets the same bytes.
 * Shapes are drawn in a 100 × 100 box with the ground line at y ≈ 83.
 */
export const artShapes = [
  "tshirt",
  "sweater",
  "jacket",
  "sneaker",
  "boot",
  "tote",
  "backpack",
  "crossbody",
  "lamp",
  "cushion",
  "vase",
  "mug",
  "bowl",
  "teapot",
  "bottle",
  "lantern",
  "cap",
] as const;
export type ArtShape = (typeof artShapes)[number];

type Tones = { main: string; dark: string; light: string; ink: string };

const gold = "#d6b25e";
const glow = "#ffe39a";
const wood = "#a9744f";

function tones(main: string): Tones {
  const isLight = luminance(main) > 0.75;
  return {
    main,
    dark: mix(main, "#1b1b1f", isLight ? 0.25 : 0.4),
    light: mix(main, "#ffffff", 0.45),
    ink: mix(main, "#1b1b1f", isLight ? 0.6 : 0.7),
  };
}

const line = (t: Tones, width = 0.9) =>
  `stroke="${t.ink}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;

const shapes: Record<ArtShape, (t: Tones) => string> = {
  tshirt: (t) => `
    <path d="M36 22 L43 18 Q50 25 57 18 L64 22 L81 33 L74 45 L66 40 L66 82 L34 82 L34 40 L26 45 L19 33 Z" fill="${t.main}" ${line(t)}/>
    <path d="M43 18 Q50 25 57 18" fill="none" ${line(t, 2)}/>
    <path d="M34 40 L34 46 M66 40 L66 46" fill="none" stroke="${t.dark}" stroke-width="0.8"/>
    <rect x="52" y="30" width="8" height="7" rx="1" fill="${t.dark}" opacity="0.35"/>`,
  sweater: (t) => `
    <path d="M37 19 L44 17 Q50 23 56 17 L63 19 L76 27 Q80 29 81 34 L86 68 L77 70 L70 40 L69 82 L31 82 L30 40 L23 70 L14 68 L19 34 Q20 29 24 27 Z" fill="${t.main}" ${line(t)}/>
    <path d="M14 68 L23 70 L22.4 75 L13.4 73 Z M86 68 L77 70 L77.6 75 L86.6 73 Z" fill="${t.dark}" ${line(t, 0.6)}/>
    <rect x="31" y="76" width="38" height="6" fill="${t.dark}" ${line(t, 0.6)}/>
    <path d="M43.5 17.5 Q50 27 56.5 17.5" fill="none" stroke="${t.dark}" stroke-width="2.6"/>
    <path d="M38 30 V74 M44 30 V74 M50 30 V74 M56 30 V74 M62 30 V74" stroke="${t.light}" stroke-width="0.7" opacity="0.45"/>`,
  jacket: (t) => `
    <path d="M37 19 L44 17 L50 20 L56 17 L63 19 L76 27 Q80 29 81 34 L86 70 L77 72 L70 42 L69 82 L31 82 L30 42 L23 72 L14 70 L19 34 Q20 29 24 27 Z" fill="${t.main}" ${line(t)}/>
    <path d="M44 17 L50 32 L56 17 L61 19 L50 38 L39 19 Z" fill="${t.dark}" ${line(t, 0.6)}/>
    <path d="M50 38 V82" stroke="${t.ink}" stroke-width="1.1"/>
    <rect x="35" y="60" width="10" height="9" rx="1.5" fill="none" stroke="${t.dark}" stroke-width="1"/>
    <rect x="55" y="60" width="10" height="9" rx="1.5" fill="none" stroke="${t.dark}" stroke-width="1"/>
    <path d="M14 70 L23 72 M77 72 L86 70" stroke="${t.dark}" stroke-width="2.4"/>`,
  sneaker: (t) => `
    <path d="M16 72 L16 54 Q16 46 24 46 L34 46 Q40 46 44 52 L58 60 Q70 64 82 66 Q88 67 88 72 Z" fill="${t.main}" ${line(t)}/>
    <path d="M14 72 L88 72 Q91 72 91 76 Q91 82 86 82 L18 82 Q14 82 14 78 Z" fill="#f6f3ec" ${line(t)}/>
    <path d="M14 77 H91" stroke="${t.dark}" stroke-width="0.7" opacity="0.6"/>
    <path d="M16 48 Q16 46 20 46 L20 62 L16 62 Z" fill="${t.dark}"/>
    <path d="M40 53 L45 49 M45 56 L50 52 M50 59 L55 55" stroke="${t.light}" stroke-width="1.6"/>
    <path d="M28 67 Q44 56 62 66" fill="none" stroke="${t.light}" stroke-width="2.2"/>`,
  boot: (t) => `
    <path d="M28 78 L28 26 Q28 22 32 22 L52 22 Q54 22 54 26 L54 54 Q58 60 72 64 Q86 67 86 74 L86 78 Z" fill="${t.main}" ${line(t)}/>
    <path d="M26 78 L86 78 Q89 78 89 81 L89 83 L26 83 Z" fill="${t.ink}"/>
    <path d="M28 75.5 H86" stroke="${t.light}" stroke-width="0.7" stroke-dasharray="2 1.4"/>
    <path d="M53 30 L46 34 M53 38 L46 42 M53 46 L46 50" stroke="${t.light}" stroke-width="1.4"/>
    <rect x="30" y="17" width="6" height="7" rx="1.5" fill="${t.dark}"/>
    <path d="M28 58 Q40 54 54 56" fill="none" stroke="${t.dark}" stroke-width="0.8"/>`,
  tote: (t) => `
    <path d="M38 40 Q38 15 50 15 Q62 15 62 40" fill="none" stroke="${t.dark}" stroke-width="3"/>
    <path d="M24 36 L76 36 L72 82 L28 82 Z" fill="${t.main}" ${line(t)}/>
    <path d="M24 36 L76 36 L75.5 42 L24.5 42 Z" fill="${t.dark}" opacity="0.45"/>
    <circle cx="50" cy="61" r="9" fill="${t.light}" opacity="0.55"/>
    <circle cx="50" cy="61" r="4" fill="${t.dark}" opacity="0.35"/>`,
  backpack: (t) => `
    <path d="M44 23 Q50 13 56 23" fill="none" stroke="${t.ink}" stroke-width="2.5"/>
    <rect x="28" y="22" width="44" height="60" rx="12" fill="${t.main}" ${line(t)}/>
    <path d="M28 40 Q28 22 40 22 L60 22 Q72 22 72 40 Q50 48 28 40 Z" fill="${t.dark}" ${line(t, 0.6)}/>
    <rect x="36" y="56" width="28" height="20" rx="5" fill="${t.light}" opacity="0.5" ${line(t, 0.6)}/>
    <rect x="38" y="42" width="4" height="9" rx="1" fill="${gold}"/>
    <rect x="58" y="42" width="4" height="9" rx="1" fill="${gold}"/>`,
  crossbody: (t) => `
    <path d="M29 50 Q29 9 50 9 Q71 9 71 50" fill="none" stroke="${t.dark}" stroke-width="2"/>
    <rect x="24" y="44" width="52" height="36" rx="8" fill="${t.main}" ${line(t)}/>
    <path d="M24 52 Q24 44 32 44 L68 44 Q76 44 76 52 L76 62 Q50 70 24 62 Z" fill="${t.dark}" ${line(t, 0.6)}/>
    <rect x="47" y="62" width="6" height="6" rx="1" fill="${gold}"/>`,
  lamp: (t) => `
    <ellipse cx="50" cy="47" rx="24" ry="4" fill="${glow}" opacity="0.75"/>
    <rect x="48.2" y="44" width="3.6" height="32" fill="${wood}"/>
    <path d="M34 76 L66 76 Q68 76 68 79 L68 82 L32 82 L32 79 Q32 76 34 76 Z" fill="${t.dark}" ${line(t, 0.6)}/>
    <path d="M35 18 L65 18 L76 46 L24 46 Z" fill="${t.main}" ${line(t)}/>
    <path d="M29 33 H71" stroke="${t.light}" stroke-width="1" opacity="0.6"/>`,
  cushion: (t) => `
    <path d="M21 26 Q50 33 79 26 Q72 52 79 79 Q50 72 21 79 Q28 52 21 26 Z" fill="${t.main}" ${line(t)}/>
    <path d="M50 52 L35 38 M50 52 L65 38 M50 52 L35 66 M50 52 L65 66" stroke="${t.dark}" stroke-width="0.8" opacity="0.5"/>
    <circle cx="50" cy="52" r="2.6" fill="${t.dark}"/>
    <path d="M25 30 Q50 36 75 30" fill="none" stroke="${t.light}" stroke-width="1" opacity="0.6"/>`,
  vase: (t) => `
    <path d="M48 18 Q45 8 37 4 M52 18 Q55 7 63 5" fill="none" stroke="#5f7f4f" stroke-width="1.2"/>
    <ellipse cx="40" cy="7" rx="4" ry="2" fill="#7a9b63" transform="rotate(-30 40 7)"/>
    <ellipse cx="61" cy="6" rx="4" ry="2" fill="#7a9b63" transform="rotate(20 61 6)"/>
    <path d="M42 18 L58 18 L57 24 Q56 30 62 38 Q72 50 68 66 Q66 80 56 82 L44 82 Q34 80 32 66 Q28 50 38 38 Q44 30 43 24 Z" fill="${t.main}" ${line(t)}/>
    <ellipse cx="50" cy="18" rx="8" ry="2" fill="${t.dark}"/>
    <path d="M31 58 Q50 63 69 58" fill="none" stroke="${t.light}" stroke-width="2"/>
    <path d="M38 44 Q36 56 39 70" fill="none" stroke="#ffffff" stroke-width="1.6" opacity="0.35"/>`,
  mug: (t) => `
    <path d="M42 22 Q38 16 42 11 M52 22 Q48 15 52 9" fill="none" stroke="#ffffff" stroke-width="1.5" opacity="0.8"/>
    <path d="M66 40 Q80 40 80 54 Q80 68 66 68" fill="none" stroke="${t.ink}" stroke-width="6.6"/>
    <path d="M66 40 Q80 40 80 54 Q80 68 66 68" fill="none" stroke="${t.main}" stroke-width="4.8"/>
    <path d="M28 30 L68 30 L66 78 Q66 82 62 82 L34 82 Q30 82 30 78 Z" fill="${t.main}" ${line(t)}/>
    <ellipse cx="48" cy="30" rx="20" ry="4" fill="${t.dark}" ${line(t, 0.6)}/>
    <ellipse cx="48" cy="30.5" rx="17" ry="2.8" fill="#4a3326"/>
    <rect x="29.5" y="52" width="37.2" height="4" fill="${t.light}" opacity="0.6"/>`,
  bowl: (t) => `
    <rect x="40" y="76" width="20" height="6" rx="1.5" fill="${t.dark}" ${line(t, 0.6)}/>
    <path d="M18 46 L82 46 Q80 70 60 78 L40 78 Q20 70 18 46 Z" fill="${t.main}" ${line(t)}/>
    <ellipse cx="50" cy="46" rx="32" ry="6" fill="${t.light}" ${line(t)}/>
    <ellipse cx="50" cy="47" rx="28" ry="4.2" fill="${t.dark}" opacity="0.3"/>
    <path d="M23 58 Q50 66 77 58" fill="none" stroke="${t.light}" stroke-width="1.6"/>`,
  teapot: (t) => `
    <path d="M66 56 Q80 52 84 36 L89 36 Q87 58 68 68 Z" fill="${t.main}" ${line(t)}/>
    <path d="M32 46 Q14 46 17 60 Q19 69 32 67" fill="none" stroke="${t.ink}" stroke-width="4"/>
    <ellipse cx="50" cy="60" rx="22" ry="20" fill="${t.main}" ${line(t)}/>
    <path d="M35 45 Q50 33 65 45 Z" fill="${t.dark}" ${line(t, 0.6)}/>
    <circle cx="50" cy="36" r="3" fill="${t.dark}" ${line(t, 0.6)}/>
    <rect x="38" y="78" width="24" height="4.5" rx="1.5" fill="${t.dark}"/>
    <path d="M31 60 Q50 66 69 60" fill="none" stroke="${t.light}" stroke-width="1.6"/>`,
  bottle: (t) => `
    <rect x="42" y="11" width="16" height="11" rx="2.5" fill="${t.dark}" ${line(t, 0.6)}/>
    <path d="M43 22 L57 22 L57 26 Q64 28 64 36 L64 78 Q64 82 60 82 L40 82 Q36 82 36 78 L36 36 Q36 28 43 26 Z" fill="${t.main}" ${line(t)}/>
    <rect x="36.5" y="47" width="27" height="17" fill="${t.light}" opacity="0.6"/>
    <rect x="40" y="32" width="3" height="42" rx="1.5" fill="#ffffff" opacity="0.35"/>`,
  lantern: (t) => `
    <path d="M40 22 Q40 9 50 9 Q60 9 60 22" fill="none" stroke="${t.ink}" stroke-width="2"/>
    <rect x="37" y="28" width="26" height="40" fill="#fff6d8" ${line(t)}/>
    <ellipse cx="50" cy="48" rx="8" ry="12" fill="${glow}" opacity="0.9"/>
    <path d="M43.5 28 V68 M56.5 28 V68" stroke="${t.main}" stroke-width="1.6"/>
    <path d="M34 28 L66 28 L60 20 L40 20 Z" fill="${t.main}" ${line(t)}/>
    <path d="M34 68 L66 68 L64 80 Q64 82 62 82 L38 82 Q36 82 36 80 Z" fill="${t.main}" ${line(t)}/>`,
  cap: (t) => `
    <g transform="translate(0 14)">
    <path d="M60 58 Q82 56 92 64 Q84 71 60 68 Z" fill="${t.dark}" ${line(t)}/>
    <path d="M24 62 Q24 30 50 28 Q76 30 76 62 Z" fill="${t.main}" ${line(t)}/>
    <path d="M50 28 Q40 40 38 62 M50 28 Q60 40 62 62" fill="none" stroke="${t.dark}" stroke-width="0.8" opacity="0.6"/>
    <path d="M24 62 L76 62 L76 66 L24 66 Z" fill="${t.dark}"/>
    <circle cx="50" cy="28" r="2.6" fill="${t.dark}"/>
    <circle cx="42" cy="40" r="1" fill="${t.dark}" opacity="0.6"/>
    </g>`,
};

const patterns = ["dots", "stripes", "grid", "waves", "rings"] as const;

/**
 * The background motif as one path over a `width` × 100 area. librsvg draws a single path far
 * faster than a `<pattern>` tile repeated across the canvas, and rasterising is a large share of
 * the seed's time.
 */
function motif(kind: (typeof patterns)[number], color: string, width = 100): string {
  const parts: string[] = [];
  switch (kind) {
    case "dots":
      for (let y = 4; y < 100; y += 8)
        for (let x = 4; x < width; x += 8)
          parts.push(`M${x - 0.9} ${y}a0.9 0.9 0 1 0 1.8 0a0.9 0.9 0 1 0 -1.8 0`);
      return `<path d="${parts.join("")}" fill="${color}"/>`;
    case "stripes":
      for (let x = -100; x < width; x += 6) parts.push(`M${x} 0L${x + 100} 100`);
      return `<path d="${parts.join("")}" stroke="${color}" stroke-width="1"/>`;
    case "grid":
      for (let x = 10; x < width; x += 10) parts.push(`M${x} 0V100`);
      for (let y = 10; y < 100; y += 10) parts.push(`M0 ${y}H${width}`);
      return `<path d="${parts.join("")}" stroke="${color}" stroke-width="0.5"/>`;
    case "waves":
      for (let y = 3; y < 100; y += 6)
        parts.push(`M0 ${y}q3 -3 6 0t6 0${" t6 0".repeat(Math.ceil(width / 6))}`);
      return `<path d="${parts.join("")}" fill="none" stroke="${color}" stroke-width="0.6"/>`;
    case "rings":
      for (let y = 7; y < 100; y += 14)
        for (let x = 7; x < width; x += 14)
          parts.push(`M${x - 3.5} ${y}a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0`);
      return `<path d="${parts.join("")}" fill="none" stroke="${color}" stroke-width="0.5"/>`;
  }
}

export type ProductArt = {
  shape: ArtShape;
  /** The object's colour, `#rrggbb`. */
  color: string;
  /** Chooses the background and its pattern. */
  seed: number;
  /** Gallery pictures of one product: the same object on another background, slightly turned. */
  variant?: number;
};

/** A square product picture, 1000 × 1000 pixels when rasterised. */
export function drawProductArt({ shape, color, seed, variant = 0 }: ProductArt): string {
  const random = createRandom(seed * 7919 + variant * 104729);
  const hue = random.int(0, 359);
  const background = hsl(hue, random.int(30, 55), random.int(90, 94));
  const motifColor = mix(hsl(hue, 35, 82), background, 0.3);
  const kind = patterns[(seed + variant) % patterns.length]!;
  const turn = variant === 0 ? 0 : variant % 2 === 1 ? -7 : 6;
  const scale = variant === 0 ? 1 : 0.9;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 100 100">`,
    // The soft light is part of the background fill: one full-canvas paint instead of two.
    `<defs><radialGradient id="light" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="${mix(background, "#ffffff", 0.55)}"/><stop offset="1" stop-color="${background}"/></radialGradient></defs>`,
    `<rect width="100" height="100" fill="url(#light)"/>`,
    motif(kind, motifColor),
    `<ellipse cx="50" cy="85" rx="32" ry="3.5" fill="#000000" opacity="0.08"/>`,
    `<g transform="translate(50 52) rotate(${turn}) scale(${scale}) translate(-50 -52)">`,
    shapes[shape](tones(color)),
    "</g></svg>",
  ].join("");
}

/** The home page banner: a shelf of objects on a warm gradient, 1600 × 800 pixels when rasterised. */
export function drawHeroArt(): string {
  const items: { shape: ArtShape; color: string; x: number; size: number }[] = [
    { shape: "sweater", color: "#c0643f", x: 6, size: 60 },
    { shape: "lamp", color: "#d8c3a0", x: 52, size: 56 },
    { shape: "vase", color: "#3f6b4f", x: 88, size: 42 },
    { shape: "mug", color: "#27375e", x: 112, size: 30 },
    { shape: "tote", color: "#d4a232", x: 130, size: 48 },
    { shape: "sneaker", color: "#f2f0eb", x: 160, size: 38 },
  ];
  // Shapes stand on y = 82 of their own box; placing that line on the shelf at y = 83.
  const drawn = items
    .map((item) => {
      const scale = item.size / 100;
      const y = 83 - 82 * scale;
      return `<g transform="translate(${item.x} ${y.toFixed(2)}) scale(${scale})">${shapes[item.shape](tones(item.color))}</g>`;
    })
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800" viewBox="0 0 200 100">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7e8d8"/><stop offset="1" stop-color="#e9d3c0"/></linearGradient></defs>`,
    `<rect width="200" height="100" fill="url(#sky)"/>`,
    motif("dots", "#eddcca", 200),
    `<circle cx="170" cy="18" r="10" fill="#f3c98b" opacity="0.6"/>`,
    `<rect y="83" width="200" height="17" fill="#d9bca3"/>`,
    `<rect y="83" width="200" height="1.2" fill="#c4a283"/>`,
    drawn,
    "</svg>",
  ].join("");
}
