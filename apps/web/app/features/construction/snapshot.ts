/**
 * The design's picture, saved with the request: the 3D canvas as it is on the screen (its drawing buffer
 * is kept), or the 2D drawing rasterised to a PNG of `width` pixels on a white ground.
 */

const toPng = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('snapshot'))), 'image/png'),
  );

export function canvasSnapshot(canvas: HTMLCanvasElement): Promise<Blob> {
  return toPng(canvas);
}

export async function svgSnapshot(svg: SVGSVGElement, width = 1200): Promise<Blob> {
  const box = svg.viewBox.baseVal;
  const height = Math.round((width * box.height) / box.width);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml;charset=utf-8' }),
  );
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('snapshot'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('snapshot');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(image, 0, 0, width, height);
    return await toPng(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}
