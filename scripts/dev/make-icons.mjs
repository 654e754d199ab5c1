// Renders public/icon.svg (the source) to the raster icons browsers and home screens ask for:
// apple-touch-icon.png (180), icon-192.png, icon-512.png and favicon.ico (16 and 32 px PNGs).
// Run after editing the SVG: `node scripts/dev/make-icons.mjs` (Debian's chromium).
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const svg = readFileSync("public/icon.svg", "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
async function png(size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
for (const [name, size] of [
  ["apple-touch-icon.png", 180],
  ["icon-192.png", 192],
  ["icon-512.png", 512],
])
  writeFileSync(`public/${name}`, await png(size));
// ICO: a 6-byte header, a 16-byte directory entry per image, then the PNG payloads.
const images = [await png(16), await png(32)];
const head = Buffer.alloc(6 + 16 * images.length);
head.writeUInt16LE(0, 0);
head.writeUInt16LE(1, 2);
head.writeUInt16LE(images.length, 4);
let offset = head.length;
images.forEach((img, i) => {
  const size = i === 0 ? 16 : 32;
  const e = 6 + 16 * i;
  head.writeUInt8(size, e);
  head.writeUInt8(size, e + 1);
  head.writeUInt16LE(1, e + 4);
  head.writeUInt16LE(32, e + 6);
  head.writeUInt32LE(img.length, e + 8);
  head.writeUInt32LE(offset, e + 12);
  offset += img.length;
});
writeFileSync("public/favicon.ico", Buffer.concat([head, ...images]));
await browser.close();
console.log("wrote public/apple-touch-icon.png, icon-192.png, icon-512.png, favicon.ico");
