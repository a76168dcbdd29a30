/**
 * Renders the PWA icons, the favicon and the social preview image from the one logo source
 * (src/assets/logo.svg). The PNGs are committed, so this only runs when the logo changes:
 * `npm run icons -w @nomadswap/web`.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const logoPath = join(webRoot, 'src/assets/logo.svg');
const publicDir = join(webRoot, 'public');
const iconsDir = join(publicDir, 'icons');

/** The logo's own background colour; full-bleed icons fill their corners with it. */
const BRAND = '#0f766e';

async function main(): Promise<void> {
  const logo = await readFile(logoPath);
  await mkdir(iconsDir, { recursive: true });

  // "any" purpose icons keep the rounded square with transparent corners.
  for (const size of [192, 512]) {
    await sharp(logo, { density: 300 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(join(iconsDir, `icon-${size}.png`));
  }

  // Maskable and Apple touch icons are cropped by the platform, so they must be full-bleed. The artwork
  // already sits inside the 80 % safe zone, so flattening onto the brand colour is enough.
  await sharp(logo, { density: 300 })
    .resize(512, 512)
    .flatten({ background: BRAND })
    .png({ compressionLevel: 9 })
    .toFile(join(iconsDir, 'icon-maskable-512.png'));
  await sharp(logo, { density: 300 })
    .resize(180, 180)
    .flatten({ background: BRAND })
    .png({ compressionLevel: 9 })
    .toFile(join(iconsDir, 'apple-touch-icon.png'));

  await copyFile(logoPath, join(publicDir, 'favicon.svg'));

  await sharp(Buffer.from(ogImageSvg(logo.toString('utf8'))))
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, 'og-image.png'));
}

/** 1200x630 social preview: logo, name and tagline on the brand gradient. */
function ogImageSvg(logoSvg: string): string {
  const logoDataUrl = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString('base64')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#134e4a"/>
      <stop offset="1" stop-color="#0d9488"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1080" cy="90" r="220" fill="#14b8a6" opacity="0.25"/>
  <circle cx="120" cy="600" r="160" fill="#5eead4" opacity="0.15"/>
  <image href="${logoDataUrl}" x="96" y="195" width="240" height="240"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff">
    <text x="380" y="290" font-size="92" font-weight="700">NomadSwap</text>
    <text x="382" y="360" font-size="38" fill="#ccfbf1">Exchange. Explore.</text>
    <text x="382" y="420" font-size="30" fill="#ccfbf1">Swap items with travellers when you move cities.</text>
  </g>
</svg>`;
}

await main();
