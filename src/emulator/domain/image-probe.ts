/**
 * Reads an image's format and size from its first bytes, for the formats the platform's image library reports:
 * PNG, JPEG, GIF and WebP. Nothing is decoded beyond the headers.
 */

/**
 * What `probeImage` found.
 *
 * @example
 * const info: ImageInfo = { format: "png", width: 1, height: 1 };
 */
export interface ImageInfo {
  format: "png" | "jpeg" | "gif" | "webp";
  width: number;
  height: number;
}

function png(b: Buffer): ImageInfo | null {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString("latin1", 12, 16) !== "IHDR") return null;
  return { format: "png", width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageInfo | null {
  if (b.length < 10 || !/^GIF8[79]a$/.test(b.toString("latin1", 0, 6))) return null;
  return { format: "gif", width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function jpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    // start-of-frame markers (not DHT 0xc4, JPG 0xc8, DAC 0xcc) carry height then width
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: "jpeg", width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return null;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 ") return { format: "webp", width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { format: "webp", width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/**
 * The image's format and dimensions, or `null` when the bytes are not a PNG, JPEG, GIF or WebP image.
 *
 * @example
 * probeImage(Buffer.from(pngBase64, "base64")); // { format: "png", width: 1, height: 1 }
 */
export function probeImage(bytes: Buffer): ImageInfo | null {
  return png(bytes) ?? gif(bytes) ?? jpeg(bytes) ?? webp(bytes);
}
