/**
 * Simple flat illustrations of the things travellers swap, as SVG (600×450, the size the web app uploads), and
 * friendly illustrated avatars (400×400). Drawn here, so the demo photos are ours to ship. Rendered to JPEG by
 * make-photos.ts.
 */

const W = 600;
const H = 450;

function scene(background: [string, string], body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect y="345" width="${W}" height="${H - 345}" fill="#000" opacity="0.07"/>
  <ellipse cx="300" cy="362" rx="175" ry="16" fill="#000" opacity="0.16"/>
  ${body}
</svg>`;
}

const BG = {
  peach: ['#fde8d4', '#f6c7a1'],
  sky: ['#e2f1fa', '#a9d3ec'],
  mint: ['#e6f4e4', '#b9dfb4'],
  lilac: ['#f3e8f6', '#d4b6e2'],
  sun: ['#fff6d6', '#ffdf8a'],
  sea: ['#e0f3f1', '#a3d6cf'],
  sand: ['#f7efe2', '#e3cfae'],
  rose: ['#fde6ea', '#f4b6c2'],
} as const satisfies Record<string, [string, string]>;

const backpack = (main: string, dark: string, bg: [string, string]) =>
  scene(
    bg,
    `<path d="M268 118 Q268 78 300 78 Q332 78 332 118" fill="none" stroke="${dark}" stroke-width="12" stroke-linecap="round"/>
  <rect x="196" y="240" width="30" height="100" rx="12" fill="${dark}"/>
  <rect x="374" y="240" width="30" height="100" rx="12" fill="${dark}"/>
  <path d="M222 160 Q222 108 300 108 Q378 108 378 160 L384 338 Q384 362 360 362 L240 362 Q216 362 216 338 Z" fill="${main}"/>
  <path d="M224 166 Q300 200 376 166 L374 214 Q300 244 226 214 Z" fill="${dark}"/>
  <rect x="288" y="208" width="24" height="30" rx="5" fill="#f4d35e"/>
  <rect x="246" y="258" width="108" height="84" rx="18" fill="${dark}"/>
  <line x1="262" y1="278" x2="338" y2="278" stroke="#f4d35e" stroke-width="5" stroke-linecap="round"/>
  <circle cx="338" cy="278" r="6" fill="#f4d35e"/>`,
  );

const camera = () =>
  scene(
    BG.sky,
    `<path d="M240 170 L260 132 L340 132 L360 170 Z" fill="#2f3437"/>
  <rect x="160" y="165" width="280" height="180" rx="28" fill="#2f3437"/>
  <rect x="160" y="205" width="280" height="100" fill="#8b5e3c"/>
  <rect x="186" y="146" width="38" height="20" rx="5" fill="#c0392b"/>
  <rect x="378" y="180" width="40" height="20" rx="4" fill="#e8eef0"/>
  <circle cx="300" cy="255" r="78" fill="#c9ced1"/>
  <circle cx="300" cy="255" r="62" fill="#1b1e20"/>
  <circle cx="300" cy="255" r="40" fill="#27476e"/>
  <circle cx="300" cy="255" r="20" fill="#14263d"/>
  <circle cx="284" cy="238" r="11" fill="#fff" opacity="0.55"/>`,
  );

const books = () =>
  scene(
    BG.sun,
    [
      ['#2e86ab', 170, 300, 260, 58],
      ['#e4572e', 190, 246, 232, 54],
      ['#76b041', 180, 198, 246, 48],
      ['#6c4f9c', 206, 156, 206, 42],
    ]
      .map(
        ([color, x, y, w, h]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${color}"/>
  <rect x="${Number(x) + Number(w) - 30}" y="${Number(y) + 6}" width="24" height="${Number(h) - 12}" rx="3" fill="#fbf3df"/>
  <rect x="${Number(x) + 26}" y="${Number(y) + Number(h) / 2 - 5}" width="${Number(w) * 0.45}" height="10" rx="3" fill="#fff" opacity="0.6"/>`,
      )
      .join('\n  ') +
      `\n  <path d="M380 156 Q382 118 404 108" fill="none" stroke="#3f7d20" stroke-width="5" stroke-linecap="round"/>
  <ellipse cx="408" cy="104" rx="14" ry="8" fill="#5cb85c" transform="rotate(-30 408 104)"/>`,
  );

const guitar = (wood: string, bg: [string, string], scale = 1) =>
  scene(
    bg,
    `<g transform="translate(300 372) scale(${scale}) translate(-300 -372) rotate(-14 300 230)">
  <circle cx="300" cy="208" r="60" fill="${wood}"/>
  <circle cx="300" cy="292" r="80" fill="${wood}"/>
  <rect x="250" y="200" width="100" height="90" fill="${wood}"/>
  <rect x="288" y="42" width="24" height="196" fill="#5b3a1e"/>
  <path d="M282 14 L318 14 L314 50 L286 50 Z" fill="#3e2713"/>
  <circle cx="278" cy="22" r="5" fill="#ddd"/><circle cx="278" cy="40" r="5" fill="#ddd"/>
  <circle cx="322" cy="22" r="5" fill="#ddd"/><circle cx="322" cy="40" r="5" fill="#ddd"/>
  ${[70, 95, 118, 140, 160, 178].map((y) => `<line x1="288" y1="${y}" x2="312" y2="${y}" stroke="#c9b28a" stroke-width="2"/>`).join('')}
  <circle cx="300" cy="236" r="26" fill="#3b2412"/>
  <rect x="268" y="318" width="64" height="11" rx="3" fill="#3b2412"/>
  ${[293, 298, 302, 307].map((x) => `<line x1="${x}" y1="40" x2="${x}" y2="322" stroke="#f2f2f2" stroke-width="1.2"/>`).join('')}
</g>`,
  );

const jacket = (main: string, dark: string, bg: [string, string]) =>
  scene(
    bg,
    `<path d="M232 96 L300 126 L368 96 L430 128 L470 300 L420 312 L402 214 L400 352 L200 352 L198 214 L180 312 L130 300 L170 128 Z" fill="${main}"/>
  <path d="M232 96 L300 126 L368 96 L352 92 Q300 112 248 92 Z" fill="${dark}"/>
  <path d="M300 126 L272 170 L300 184 Z" fill="${dark}"/>
  <path d="M300 126 L328 170 L300 184 Z" fill="${dark}"/>
  <line x1="300" y1="184" x2="300" y2="352" stroke="${dark}" stroke-width="5"/>
  <rect x="222" y="262" width="52" height="40" rx="6" fill="${dark}"/>
  <rect x="326" y="262" width="52" height="40" rx="6" fill="${dark}"/>
  <rect x="130" y="292" width="50" height="20" rx="6" fill="${dark}"/>
  <rect x="420" y="292" width="50" height="20" rx="6" fill="${dark}"/>`,
  );

const tent = () =>
  scene(
    BG.mint,
    `<line x1="140" y1="362" x2="300" y2="110" stroke="#7a5c3e" stroke-width="3"/>
  <line x1="460" y1="362" x2="300" y2="110" stroke="#7a5c3e" stroke-width="3"/>
  <polygon points="160,360 300,112 440,360" fill="#e07a2f"/>
  <polygon points="300,112 440,360 470,360 318,112" fill="#b85a1c"/>
  <polygon points="300,190 252,360 348,360" fill="#6b3410"/>
  <path d="M300 190 L300 360" stroke="#e07a2f" stroke-width="3"/>
  <circle cx="300" cy="108" r="7" fill="#5b4636"/>
  <path d="M80 120 q30 -30 60 0" fill="none" stroke="#fff" stroke-width="4" opacity="0.7"/>
  <circle cx="500" cy="80" r="26" fill="#ffd166"/>`,
  );

const plant = () =>
  scene(
    BG.sand,
    `${[
      [-50, 250, 170],
      [-20, 280, 150],
      [15, 315, 150],
      [45, 345, 175],
      [-5, 300, 120],
      [-70, 240, 215],
      [70, 362, 215],
    ]
      .map(
        ([angle, x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="26" ry="70" fill="#3f9b4a" transform="rotate(${angle} ${x} ${y})"/><line x1="300" y1="270" x2="${x}" y2="${y}" stroke="#2e7d32" stroke-width="4"/>`,
      )
      .join('\n  ')}
  <path d="M236 262 L364 262 L346 362 L254 362 Z" fill="#cf6f3e"/>
  <rect x="228" y="250" width="144" height="26" rx="6" fill="#b85c2e"/>`,
  );

const paints = () =>
  scene(
    BG.lilac,
    `<path d="M170 250 C170 150 300 120 390 160 C470 196 470 300 390 330 C340 348 330 300 290 318 C240 340 170 330 170 250 Z" fill="#e9c893"/>
  <circle cx="330" cy="290" r="20" fill="#cda76c"/>
  ${[
    ['#e63946', 230, 210],
    ['#f4a261', 280, 180],
    ['#ffd60a', 340, 180],
    ['#2a9d8f', 395, 215],
    ['#457b9d', 410, 270],
    ['#8e44ad', 225, 270],
  ]
    .map(([color, x, y]) => `<circle cx="${x}" cy="${y}" r="19" fill="${color}"/>`)
    .join('')}
  <g transform="rotate(-32 300 300)">
    <rect x="180" y="330" width="230" height="12" rx="6" fill="#8d5a2b"/>
    <rect x="410" y="328" width="22" height="16" fill="#c0c0c0"/>
    <path d="M432 326 Q470 336 432 346 Z" fill="#2a9d8f"/>
  </g>`,
  );

const headphones = () =>
  scene(
    BG.rose,
    `<path d="M190 260 Q190 110 300 110 Q410 110 410 260" fill="none" stroke="#333" stroke-width="22" stroke-linecap="round"/>
  <path d="M190 260 Q190 126 300 126 Q410 126 410 260" fill="none" stroke="#555" stroke-width="6"/>
  <rect x="158" y="232" width="70" height="112" rx="30" fill="#e76f51"/>
  <rect x="372" y="232" width="70" height="112" rx="30" fill="#e76f51"/>
  <rect x="190" y="246" width="30" height="84" rx="14" fill="#333"/>
  <rect x="380" y="246" width="30" height="84" rx="14" fill="#333"/>`,
  );

const suitcase = () =>
  scene(
    BG.sea,
    `<path d="M262 128 L262 100 Q262 88 274 88 L326 88 Q338 88 338 100 L338 128" fill="none" stroke="#444" stroke-width="12"/>
  <rect x="196" y="124" width="208" height="226" rx="24" fill="#2a9d8f"/>
  ${[240, 280, 320, 360].map((x) => `<rect x="${x - 4}" y="138" width="8" height="198" rx="4" fill="#21867a"/>`).join('')}
  <circle cx="228" cy="358" r="12" fill="#333"/><circle cx="372" cy="358" r="12" fill="#333"/>
  <rect x="212" y="160" width="60" height="34" rx="6" fill="#f4d35e" transform="rotate(-8 242 177)"/>`,
  );

const sneakers = () =>
  scene(
    BG.peach,
    `<path d="M150 330 L150 250 Q160 214 200 222 L262 236 Q300 250 330 276 L420 300 Q460 310 456 340 L150 340 Z" fill="#f1faee"/>
  <path d="M150 340 L456 340 Q458 356 440 360 L160 360 Q148 356 150 340 Z" fill="#e63946"/>
  <path d="M200 222 Q218 262 262 236" fill="none" stroke="#1d3557" stroke-width="6"/>
  ${[250, 274, 298].map((x, i) => `<line x1="${x}" y1="${258 + i * 10}" x2="${x + 26}" y2="${246 + i * 10}" stroke="#1d3557" stroke-width="5" stroke-linecap="round"/>`).join('')}
  <path d="M330 300 Q380 318 440 326" fill="none" stroke="#457b9d" stroke-width="10" stroke-linecap="round"/>`,
  );

const surfboard = () =>
  scene(
    BG.sky,
    `<ellipse cx="300" cy="230" rx="70" ry="210" fill="#ffb703" transform="rotate(62 300 230)"/>
  <ellipse cx="300" cy="230" rx="12" ry="200" fill="#fb8500" transform="rotate(62 300 230)"/>
  <path d="M110 330 q40 -22 80 0 t80 0 t80 0 t80 0 t80 0" fill="none" stroke="#fff" stroke-width="6" opacity="0.8"/>`,
  );

const ukulele = () => guitar('#e9a86b', BG.sea, 0.72);

const mug = () =>
  scene(
    BG.sand,
    `<path d="M240 360 L230 190 L370 190 L360 360 Z" fill="#264653"/>
  <path d="M368 220 Q430 220 426 270 Q422 318 362 318" fill="none" stroke="#264653" stroke-width="18"/>
  <ellipse cx="300" cy="192" rx="70" ry="14" fill="#6f4e37"/>
  <path d="M270 170 q-16 -30 0 -56 q16 -26 0 -52" fill="none" stroke="#fff" stroke-width="6" opacity="0.7" stroke-linecap="round"/>
  <path d="M320 170 q-16 -30 0 -56 q16 -26 0 -52" fill="none" stroke="#fff" stroke-width="6" opacity="0.7" stroke-linecap="round"/>
  <circle cx="300" cy="270" r="28" fill="#e9c46a"/>`,
  );

const sunglasses = () =>
  scene(
    BG.sun,
    `<path d="M130 200 L470 200" stroke="#222" stroke-width="10" stroke-linecap="round"/>
  <path d="M150 200 L150 250 Q160 310 230 306 Q282 300 284 240 L284 200 Z" fill="#1d3557"/>
  <path d="M316 200 L316 240 Q318 300 370 306 Q440 310 450 250 L450 200 Z" fill="#1d3557"/>
  <path d="M284 214 Q300 200 316 214" fill="none" stroke="#222" stroke-width="10"/>
  <path d="M176 222 L212 222" stroke="#fff" stroke-width="8" opacity="0.5" stroke-linecap="round"/>
  <path d="M342 222 L378 222" stroke="#fff" stroke-width="8" opacity="0.5" stroke-linecap="round"/>`,
  );

const hat = () =>
  scene(
    BG.peach,
    `<ellipse cx="300" cy="300" rx="210" ry="56" fill="#e9c46a"/>
  <path d="M200 300 Q200 170 300 170 Q400 170 400 300 Z" fill="#f4d58d"/>
  <path d="M204 268 Q300 290 396 268 L400 300 Q300 322 200 300 Z" fill="#e76f51"/>
  <ellipse cx="300" cy="300" rx="210" ry="56" fill="none" stroke="#d4a84a" stroke-width="4"/>`,
  );

const yogaMat = () =>
  scene(
    BG.mint,
    `<rect x="170" y="226" width="270" height="130" rx="20" fill="#8e7dbe"/>
  <ellipse cx="170" cy="291" rx="44" ry="65" fill="#a594d6"/>
  <path d="M170 291 m-8 0 a8 10 0 1 0 16 0 a16 22 0 1 0 -32 0 a26 36 0 1 0 52 0" fill="none" stroke="#6e5fa3" stroke-width="5"/>
  <rect x="290" y="226" width="20" height="130" fill="#5e4b8b"/>`,
  );

const laptop = () =>
  scene(
    BG.sky,
    `<rect x="180" y="120" width="240" height="170" rx="12" fill="#3d405b"/>
  <rect x="196" y="136" width="208" height="138" rx="4" fill="#81b29a"/>
  <circle cx="300" cy="205" r="26" fill="#f2cc8f"/>
  <path d="M140 300 L460 300 L480 340 Q480 350 470 350 L130 350 Q120 350 120 340 Z" fill="#5c6078"/>
  <rect x="270" y="306" width="60" height="8" rx="4" fill="#3d405b"/>`,
  );

const lamp = () =>
  scene(
    BG.lilac,
    `<ellipse cx="300" cy="354" rx="70" ry="14" fill="#3d405b"/>
  <rect x="292" y="180" width="16" height="176" fill="#3d405b"/>
  <path d="M220 180 L250 90 L350 90 L380 180 Z" fill="#f2cc8f"/>
  <path d="M220 180 L380 180" stroke="#e0a458" stroke-width="6"/>
  <ellipse cx="300" cy="200" rx="90" ry="26" fill="#fff3b0" opacity="0.6"/>`,
  );

const sketchbook = () =>
  scene(
    BG.rose,
    `<rect x="170" y="150" width="260" height="200" rx="8" fill="#fefae0" transform="rotate(-6 300 250)"/>
  <rect x="170" y="150" width="260" height="200" rx="8" fill="none" stroke="#bc6c25" stroke-width="4" transform="rotate(-6 300 250)"/>
  <path d="M214 280 Q250 200 300 250 T390 210" fill="none" stroke="#283618" stroke-width="4" transform="rotate(-6 300 250)"/>
  <circle cx="360" cy="200" r="20" fill="none" stroke="#283618" stroke-width="4" transform="rotate(-6 300 250)"/>
  ${[
    ['#e63946', 0],
    ['#2a9d8f', 22],
    ['#ffb703', 44],
  ]
    .map(
      ([color, dy]) =>
        `<g transform="rotate(28 300 300) translate(0 ${dy})"><rect x="380" y="250" width="150" height="14" fill="${color}"/><path d="M530 250 L556 257 L530 264 Z" fill="#f1c27d"/></g>`,
    )
    .join('')}`,
  );

const football = () =>
  scene(
    BG.mint,
    `<circle cx="300" cy="250" r="110" fill="#fff" stroke="#222" stroke-width="4"/>
  <polygon points="300,205 343,236 327,286 273,286 257,236" fill="#222"/>
  <polygon points="300,140 334,150 300,170 266,150" fill="#222"/>
  <polygon points="392,214 408,256 384,262 372,228" fill="#222"/>
  <polygon points="208,214 228,228 216,262 192,256" fill="#222"/>
  <polygon points="250,338 276,318 300,330 290,356" fill="#222"/>
  <polygon points="350,338 324,318 300,330 310,356" fill="#222"/>
  <ellipse cx="262" cy="190" rx="24" ry="12" fill="#fff" opacity="0.6"/>`,
  );

const map = () =>
  scene(
    BG.sand,
    `<polygon points="150,140 250,120 350,140 450,120 450,340 350,360 250,340 150,360" fill="#cfe8c9"/>
  <polygon points="250,120 350,140 350,360 250,340" fill="#b7dcaf"/>
  <path d="M180 320 C220 250 260 300 300 230 S380 170 420 160" fill="none" stroke="#e63946" stroke-width="5" stroke-dasharray="12 9"/>
  <circle cx="420" cy="160" r="12" fill="#e63946"/>
  <path d="M170 180 q40 20 60 -10 t60 10" fill="none" stroke="#5fa8d3" stroke-width="8" stroke-linecap="round"/>`,
  );

const yarn = () =>
  scene(
    BG.lilac,
    `<circle cx="250" cy="286" r="74" fill="#e76f51"/>
  ${[-40, -20, 0, 20, 40].map((d) => `<path d="M${190 + d} 240 Q250 ${300 + d} ${310 + d} 250" fill="none" stroke="#c65a3f" stroke-width="4"/>`).join('')}
  <circle cx="380" cy="310" r="50" fill="#2a9d8f"/>
  ${[-20, 0, 20].map((d) => `<path d="M${340 + d} 280 Q380 ${330 + d} ${420 + d} 290" fill="none" stroke="#1f7a6f" stroke-width="4"/>`).join('')}
  <line x1="300" y1="120" x2="210" y2="330" stroke="#8d5a2b" stroke-width="8" stroke-linecap="round"/>
  <line x1="330" y1="120" x2="300" y2="340" stroke="#8d5a2b" stroke-width="8" stroke-linecap="round"/>
  <circle cx="300" cy="118" r="10" fill="#ffd166"/><circle cx="330" cy="118" r="10" fill="#ffd166"/>`,
  );

const racket = () =>
  scene(
    BG.sun,
    `<g transform="rotate(-30 300 230)">
  <ellipse cx="300" cy="160" rx="78" ry="100" fill="none" stroke="#264653" stroke-width="14"/>
  ${[-50, -25, 0, 25, 50].map((d) => `<line x1="${300 + d}" y1="66" x2="${300 + d}" y2="254" stroke="#ccc" stroke-width="2"/>`).join('')}
  ${[-60, -30, 0, 30, 60].map((d) => `<line x1="226" y1="${160 + d}" x2="374" y2="${160 + d}" stroke="#ccc" stroke-width="2"/>`).join('')}
  <rect x="290" y="258" width="20" height="130" rx="8" fill="#264653"/>
  <rect x="288" y="330" width="24" height="60" rx="8" fill="#e76f51"/>
</g>
  <circle cx="420" cy="320" r="34" fill="#c9e265"/>
  <path d="M392 300 Q420 320 448 300" fill="none" stroke="#fff" stroke-width="4"/>`,
  );

const sleepingBag = () =>
  scene(
    BG.sea,
    `<rect x="170" y="220" width="260" height="136" rx="60" fill="#3a86ff"/>
  <ellipse cx="170" cy="288" rx="50" ry="68" fill="#5c9dff"/>
  <path d="M170 288 m-6 0 a6 8 0 1 0 12 0 a14 20 0 1 0 -28 0 a24 34 0 1 0 44 0" fill="none" stroke="#2a6fdb" stroke-width="5"/>
  <rect x="250" y="220" width="14" height="136" fill="#1d3557"/>
  <rect x="360" y="220" width="14" height="136" fill="#1d3557"/>`,
  );

const tshirt = () =>
  scene(
    BG.rose,
    `<path d="M236 110 Q300 146 364 110 L450 150 L420 220 L384 204 L384 352 L216 352 L216 204 L180 220 L150 150 Z" fill="#2a9d8f"/>
  <path d="M236 110 Q300 146 364 110 Q300 128 236 110 Z" fill="#1f7a6f"/>
  <circle cx="300" cy="250" r="42" fill="#f4d35e"/>
  <path d="M276 250 L300 226 L324 250 L300 274 Z" fill="#e76f51"/>`,
  );

const powerBank = () =>
  scene(
    BG.sky,
    `<rect x="220" y="140" width="160" height="210" rx="22" fill="#3d405b"/>
  <rect x="240" y="170" width="120" height="70" rx="10" fill="#81b29a"/>
  <path d="M300 180 L282 212 L300 212 L292 236 L320 200 L302 200 L312 180 Z" fill="#f2cc8f"/>
  ${[0, 1, 2, 3].map((i) => `<circle cx="${262 + i * 25}" cy="270" r="6" fill="${i < 3 ? '#81b29a' : '#555'}"/>`).join('')}
  <path d="M380 300 Q440 300 440 250 Q440 200 480 200" fill="none" stroke="#222" stroke-width="8" stroke-linecap="round"/>`,
  );

/** Item illustrations by name (the file names under photos/). */
export const ITEM_ILLUSTRATIONS = {
  'backpack-teal': () => backpack('#2f7f8f', '#235f6b', BG.peach),
  'backpack-red': () => backpack('#c8553d', '#9c3f2c', BG.sky),
  camera,
  books,
  guitar: () => guitar('#d98e3f', BG.sun),
  ukulele,
  'jacket-blue': () => jacket('#3a5a98', '#2b4473', BG.sand),
  'jacket-green': () => jacket('#6a994e', '#4f7539', BG.sky),
  tent,
  plant,
  paints,
  headphones,
  suitcase,
  sneakers,
  surfboard,
  mug,
  sunglasses,
  hat,
  'yoga-mat': yogaMat,
  laptop,
  lamp,
  sketchbook,
  football,
  map,
  yarn,
  racket,
  'sleeping-bag': sleepingBag,
  tshirt,
  'power-bank': powerBank,
} satisfies Record<string, () => string>;

export type ItemPhotoName = keyof typeof ITEM_ILLUSTRATIONS;

/** A friendly illustrated face (400×400): skin, hair colour and style, background, top colour. */
function avatar(props: {
  background: string;
  skin: string;
  hair: string;
  style: 'short' | 'long' | 'bun' | 'curly' | 'bald' | 'cap';
  top: string;
  glasses?: boolean;
}): string {
  const { skin, hair } = props;
  const hairBack =
    props.style === 'long'
      ? `<path d="M118 200 Q110 96 200 90 Q290 96 282 200 L290 300 L110 300 Z" fill="${hair}"/>`
      : props.style === 'curly'
        ? [150, 180, 210, 240, 265, 135, 280]
            .map((x, i) => `<circle cx="${x}" cy="${110 + (i % 3) * 18}" r="34" fill="${hair}"/>`)
            .join('')
        : '';
  const hairFront =
    props.style === 'short'
      ? `<path d="M128 170 Q130 96 200 94 Q272 96 272 170 Q240 124 200 128 Q158 124 128 170 Z" fill="${hair}"/>`
      : props.style === 'long'
        ? `<path d="M128 176 Q132 100 200 98 Q268 100 272 176 Q236 130 200 132 Q150 128 128 176 Z" fill="${hair}"/>`
        : props.style === 'bun'
          ? `<circle cx="200" cy="78" r="30" fill="${hair}"/><path d="M128 168 Q132 100 200 98 Q268 100 272 168 Q236 126 200 130 Q160 126 128 168 Z" fill="${hair}"/>`
          : props.style === 'cap'
            ? `<path d="M126 160 Q130 92 200 90 Q270 92 274 160 Z" fill="${hair}"/><path d="M200 150 L300 150 Q300 166 270 166 L200 166 Z" fill="${hair}"/>`
            : '';
  const glasses = props.glasses
    ? `<circle cx="168" cy="190" r="22" fill="none" stroke="#222" stroke-width="5"/><circle cx="232" cy="190" r="22" fill="none" stroke="#222" stroke-width="5"/><line x1="190" y1="190" x2="210" y2="190" stroke="#222" stroke-width="5"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="${props.background}"/>
  ${hairBack}
  <path d="M80 400 Q84 300 200 296 Q316 300 320 400 Z" fill="${props.top}"/>
  <rect x="176" y="250" width="48" height="56" fill="${skin}"/>
  <ellipse cx="200" cy="186" rx="76" ry="88" fill="${skin}"/>
  <ellipse cx="124" cy="192" rx="12" ry="18" fill="${skin}"/><ellipse cx="276" cy="192" rx="12" ry="18" fill="${skin}"/>
  ${hairFront}
  <circle cx="168" cy="190" r="8" fill="#2b2b2b"/><circle cx="232" cy="190" r="8" fill="#2b2b2b"/>
  ${glasses}
  <path d="M168 228 Q200 256 232 228" fill="none" stroke="#7a3b2e" stroke-width="7" stroke-linecap="round"/>
  <circle cx="150" cy="222" r="12" fill="#e88" opacity="0.35"/><circle cx="250" cy="222" r="12" fill="#e88" opacity="0.35"/>
</svg>`;
}

/** Avatar illustrations by name (avatar-<name>.jpg under photos/). */
export const AVATAR_ILLUSTRATIONS = {
  ana: () =>
    avatar({ background: '#a9d3ec', skin: '#f1c9a5', hair: '#5a3825', style: 'long', top: '#e76f51' }),
  kai: () =>
    avatar({ background: '#ffd6a5', skin: '#c68642', hair: '#1b1b1b', style: 'short', top: '#2a9d8f' }),
  mei: () => avatar({ background: '#caffbf', skin: '#f3d3b5', hair: '#111', style: 'bun', top: '#6c4f9c' }),
  tomas: () =>
    avatar({
      background: '#fdffb6',
      skin: '#e0ac69',
      hair: '#3b2a1a',
      style: 'cap',
      top: '#264653',
      glasses: true,
    }),
  amara: () =>
    avatar({ background: '#ffc6ff', skin: '#8d5524', hair: '#1b1b1b', style: 'curly', top: '#f4a261' }),
  liam: () =>
    avatar({ background: '#bdb2ff', skin: '#ffdbac', hair: '#d9a441', style: 'short', top: '#3a86ff' }),
  sofia: () =>
    avatar({
      background: '#9bf6ff',
      skin: '#e8b68e',
      hair: '#7b3f00',
      style: 'long',
      top: '#e63946',
      glasses: true,
    }),
  arjun: () =>
    avatar({ background: '#ffadad', skin: '#a86b3c', hair: '#161616', style: 'short', top: '#457b9d' }),
  noor: () =>
    avatar({ background: '#d0f4de', skin: '#c99a6b', hair: '#2e1a0f', style: 'bun', top: '#8e7dbe' }),
  lucas: () =>
    avatar({ background: '#fcf6bd', skin: '#f1c27d', hair: '#6b4423', style: 'curly', top: '#2a9d8f' }),
  yuki: () =>
    avatar({
      background: '#e4c1f9',
      skin: '#f7d7c4',
      hair: '#222',
      style: 'long',
      top: '#1d3557',
      glasses: true,
    }),
  diego: () =>
    avatar({ background: '#a0c4ff', skin: '#b97a4f', hair: '#2b2b2b', style: 'bald', top: '#ffb703' }),
} satisfies Record<string, () => string>;

export type AvatarName = keyof typeof AVATAR_ILLUSTRATIONS;
