/**
 * Art helpers of the kits: SVG sources become data URLs for <img> and canvases for the
 * reel stage (sharp and motion-blurred), rasterised once at the device's pixel ratio.
 */

/** An `<img>`-ready data URL for an SVG source. */
export function svgUrl(source: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
}

/** Rasterises an SVG source into a canvas of the given size (device pixels). */
export async function rasterise(source: string, width: number, height: number): Promise<HTMLCanvasElement> {
  const image = new Image();
  image.decoding = "async";
  image.src = svgUrl(source);
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("2D canvas is not available");
  ctx.drawImage(image, 0, 0, width, height);
  return canvas;
}

/** A motion-blurred copy for spinning reels: the picture smeared vertically and dimmed. */
export function motionBlur(source: HTMLCanvasElement): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = source.width;
  canvas.height = source.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return source;
  const taps = 7;
  const spread = source.height * 0.16;
  for (let i = 0; i < taps; i++) {
    ctx.globalAlpha = 0.28;
    ctx.drawImage(source, 0, (i / (taps - 1) - 0.5) * spread);
  }
  ctx.globalAlpha = 1;
  return canvas;
}
