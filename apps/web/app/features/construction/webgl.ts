/**
 * Whether this browser can draw the 3D view: a WebGL context can be made (WebGL 2, else 1) on a canvas
 * of its own, then let go at once. False where WebGL is missing, turned off or blocked, and on the server.
 */
export function hasWebGL(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl || typeof gl.getParameter !== 'function') return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
