/**
 * The pool in 3D (three.js through @react-three/fiber), loaded only by the designer (`lazy`): the deck
 * around it, walls and floor in the finish's colour, the water tinted by it, and the extras chosen
 * (steps at one end, lights along the walls, a heat pump on the deck, a cover pulled over half the pool).
 * Orbit by dragging, zoom by the wheel or by pinching (OrbitControls; no pan, the pool stays in view).
 * The root is made with `createRoot` and only the three classes used are registered (`extend`), not
 * fiber's `<Canvas>`, which registers all of three and so keeps the whole library in this page's code.
 * The canvas keeps its drawing buffer, so the design's snapshot is the picture on the screen.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createRoot, extend, useFrame, useThree, type ReconcilerRoot } from '@react-three/fiber';
import {
  AmbientLight,
  BoxGeometry,
  BufferGeometry,
  Color,
  CylinderGeometry,
  DirectionalLight,
  DoubleSide,
  ExtrudeGeometry,
  Float32BufferAttribute,
  Group,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  Shape,
  ShapeGeometry,
  SphereGeometry,
  Vector3,
  type Material,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { poolOutline, type Point } from '@pool/contracts/construction';
import { clipFromX, outlineBounds, perimeterOf, pointsAlong, stepsPlacement } from './geometry.ts';
import { waterTint, type PoolDesign } from './design.ts';

extend({ AmbientLight, DirectionalLight, Group, HemisphereLight, Mesh });

/** What the page can ask of the view: turn it, zoom it, put it back. */
export type ViewCommands = {
  rotate: (turns: number) => void;
  zoom: (factor: number) => void;
  reset: () => void;
};

const DECK = 1.2;
const FOV = 45;
const WATER_BELOW_EDGE = 0.12;
/** How far the ground block goes below the pool's floor. */
const GROUND_BELOW = 0.3;

/** A point moved `by` metres away from the origin (the hole in the ground, just outside the walls). */
function widened(p: Point, by: number): Point {
  const d = Math.hypot(p.x, p.y) || 1;
  return { x: p.x * (1 + by / d), y: p.y * (1 + by / d) };
}

/** A flat shape from outline points, lying on the ground (three's y up; the outline's y becomes -z). */
function flatShape(points: readonly Point[]) {
  const shape = new Shape();
  points.forEach((p, i) => (i ? shape.lineTo(p.x, p.y) : shape.moveTo(p.x, p.y)));
  shape.closePath();
  return shape;
}

/** The walls: one upright quad per edge, from the edge (y 0) down to the floor. */
function wallsGeometry(points: readonly Point[], depth: number) {
  const positions: number[] = [];
  points.forEach((a, i) => {
    const b = points[(i + 1) % points.length]!;
    const [ax, az, bx, bz] = [a.x, -a.y, b.x, -b.y];
    positions.push(ax, 0, az, ax, -depth, az, bx, -depth, bz, ax, 0, az, bx, -depth, bz, bx, 0, bz);
  });
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(positions, 3));
  g.computeVertexNormals();
  return g;
}

/** Disposes what a memo made when it changes or the view goes. */
function useDisposable<T extends { dispose: () => void }>(make: () => T, deps: unknown[]): T {
  const value = useMemo(make, deps); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => value.dispose(), [value]);
  return value;
}

const lying = [-Math.PI / 2, 0, 0] as const;

function Pool({ design }: { design: PoolDesign }) {
  const { shape, length, width, depth, colour, options } = design;
  const points = useMemo(() => poolOutline(shape, length, width), [shape, length, width]);
  const outline = useMemo(() => flatShape(points), [points]);
  const bounds = outlineBounds(points);

  const floor = useDisposable(() => new ShapeGeometry(outline, 24), [outline]);
  const walls = useDisposable(() => wallsGeometry(points, depth), [points, depth]);
  // The ground around the pool: a block (deck on top, soil on its sides) with the pool's hole a little wider
  // than the walls, so the walls' outside never shows below the deck.
  const ground = useDisposable(() => {
    const s = flatShape([
      { x: -length / 2 - DECK, y: -width / 2 - DECK },
      { x: length / 2 + DECK, y: -width / 2 - DECK },
      { x: length / 2 + DECK, y: width / 2 + DECK },
      { x: -length / 2 - DECK, y: width / 2 + DECK },
    ]);
    s.holes.push(flatShape(points.map((p) => widened(p, 0.03))));
    return new ExtrudeGeometry(s, { depth: depth + GROUND_BELOW, bevelEnabled: false, curveSegments: 24 });
  }, [points, length, width, depth]);
  const cover = useDisposable(
    () => new ShapeGeometry(flatShape(clipFromX(points, bounds.minX + 0.45 * length)), 24),
    [points, length],
  );

  const finish = useDisposable(
    () => new MeshStandardMaterial({ color: new Color(colour), roughness: 0.65, side: DoubleSide }),
    [colour],
  );
  const water = useDisposable(
    () =>
      new MeshStandardMaterial({
        color: new Color(waterTint(colour)),
        transparent: true,
        opacity: 0.62,
        roughness: 0.08,
        metalness: 0.1,
        depthWrite: false,
      }),
    [colour],
  );
  const materials = useDisposable(() => {
    const all = {
      deck: new MeshStandardMaterial({ color: '#e9dfcb', roughness: 0.9 }),
      soil: new MeshStandardMaterial({ color: '#cdbb98', roughness: 1 }),
      steps: new MeshStandardMaterial({ color: '#f5f3ee', roughness: 0.6 }),
      light: new MeshStandardMaterial({ color: '#fff6c8', emissive: new Color('#ffe98a'), emissiveIntensity: 2 }),
      cover: new MeshStandardMaterial({ color: '#35506f', roughness: 0.5, side: DoubleSide }),
      metal: new MeshStandardMaterial({ color: '#9aa5b1', roughness: 0.35, metalness: 0.6 }),
    } satisfies Record<string, Material>;
    return { ...all, dispose: () => Object.values(all).forEach((m) => m.dispose()) };
  }, []);

  const steps = useMemo(() => stepsPlacement(points), [points]);
  const rise = Math.min(0.25, depth / (steps.count + 1));
  const box = useDisposable(() => new BoxGeometry(1, 1, 1), []);
  const bulb = useDisposable(() => new SphereGeometry(0.1, 16, 12), []);
  const roller = useDisposable(() => new CylinderGeometry(0.16, 0.16, 1, 20), []);
  const lights = useMemo(() => pointsAlong(points, Math.max(4, Math.round(perimeterOf(points) / 5))), [points]);
  const lightY = -Math.min(0.5, depth * 0.4);

  return (
    <group>
      <mesh
        geometry={ground}
        material={[materials.deck, materials.soil]}
        rotation={lying}
        position={[0, -(depth + GROUND_BELOW), 0]}
      />
      <mesh geometry={floor} material={finish} rotation={lying} position={[0, -depth, 0]} />
      <mesh geometry={walls} material={finish} />
      {options.includes('steps')
        ? Array.from({ length: steps.count }, (_, i) => {
            const top = -(i + 1) * rise;
            return (
              <mesh
                key={i}
                geometry={box}
                material={materials.steps}
                position={[steps.x + (i + 0.5) * steps.run, (top - depth) / 2, -steps.centreY]}
                scale={[steps.run, depth + top, steps.width]}
              />
            );
          })
        : null}
      {options.includes('lighting')
        ? lights.map((p, i) => (
            // A little inside the wall, towards the middle.
            <mesh key={i} geometry={bulb} material={materials.light} position={[p.x * 0.97, lightY, -p.y * 0.97]} />
          ))
        : null}
      <mesh geometry={floor} material={water} rotation={lying} position={[0, -WATER_BELOW_EDGE, 0]} renderOrder={1} />
      {options.includes('heating') ? (
        <mesh
          geometry={box}
          material={materials.metal}
          position={[bounds.maxX + DECK / 2, 0.3, -bounds.minY + 0.1]}
          scale={[0.7, 0.6, 0.5]}
        />
      ) : null}
      {options.includes('cover') ? (
        <>
          <mesh geometry={cover} material={materials.cover} rotation={lying} position={[0, 0.03, 0]} />
          <mesh
            geometry={roller}
            material={materials.metal}
            position={[bounds.maxX + 0.3, 0.18, 0]}
            rotation={lying}
            scale={[1, width + 0.3, 1]}
          />
        </>
      ) : null}
    </group>
  );
}

/**
 * Where the camera looks from at first: above a corner, at the distance where the pool and its deck fit
 * the view's narrower angle (a phone's view is taller than wide).
 */
function homeOf(design: PoolDesign, aspect: number) {
  const target = new Vector3(0, -design.depth / 3, 0);
  const radius = Math.hypot(design.length / 2 + DECK, design.width / 2 + DECK, design.depth / 2);
  const vertical = (FOV * Math.PI) / 180;
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * aspect);
  const distance = radius / Math.sin(Math.min(vertical, horizontal) / 2);
  const position = target.clone().add(new Vector3(0.5, 0.78, 0.8).normalize().multiplyScalar(distance));
  return { target, position, distance };
}

function Controls({
  design,
  reducedMotion,
  onCommands,
}: {
  design: PoolDesign;
  reducedMotion: boolean;
  onCommands: (c: ViewCommands) => void;
}) {
  const { camera, gl, invalidate, size } = useThree();
  const controls = useMemo(() => new OrbitControls(camera, gl.domElement), [camera, gl]);
  const home = homeOf(design, size.width / size.height);

  useEffect(() => {
    controls.enablePan = false;
    controls.maxPolarAngle = Math.PI / 2 - 0.08;
    controls.minDistance = 2;
    const changed = () => invalidate();
    controls.addEventListener('change', changed);
    onCommands({
      rotate: (turns) => {
        controls.rotateLeft(turns * 2 * Math.PI);
        controls.update();
      },
      zoom: (factor) => {
        if (factor > 1) controls.dollyIn(factor);
        else controls.dollyOut(1 / factor);
        controls.update();
      },
      reset: () => controls.reset(),
    });
    return () => {
      controls.removeEventListener('change', changed);
      controls.dispose();
    };
  }, [controls]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    controls.enableDamping = !reducedMotion;
  }, [controls, reducedMotion]);

  // A new size of pool: frame it again from the same side, and make that the view "reset" returns to.
  useEffect(() => {
    const side = camera.position.clone().sub(controls.target);
    const direction = side.lengthSq() > 0 ? side.normalize() : home.position.clone().sub(home.target).normalize();
    controls.target.copy(home.target);
    camera.position.copy(home.target).addScaledVector(direction, home.distance);
    controls.maxDistance = home.distance * 2.5;
    controls.update();
    controls.saveState();
    invalidate();
  }, [home.distance, home.target.y]); // eslint-disable-line react-hooks/exhaustive-deps

  // Damping eases the turn out over a few frames: each update that moves asks for the next frame.
  useFrame(() => {
    if (controls.enableDamping) controls.update();
  });
  return null;
}

function Scene(props: { design: PoolDesign; reducedMotion: boolean; onCommands: (c: ViewCommands) => void }) {
  const { invalidate } = useThree();
  useEffect(() => invalidate(), [props.design, invalidate]);
  return (
    <>
      <hemisphereLight args={['#f4fbff', '#b9a98a', 1.4]} />
      <ambientLight intensity={0.35} />
      <directionalLight position={[6, 12, 8]} intensity={1.6} />
      <Pool design={props.design} />
      <Controls {...props} />
    </>
  );
}

export type PoolSceneProps = {
  design: PoolDesign;
  reducedMotion: boolean;
  /** The canvas once its first picture is drawn (for the snapshot). */
  onReady: (canvas: HTMLCanvasElement) => void;
  /** The renderer could not start (no WebGL after all): the page shows the 2D drawing. */
  onFail: () => void;
  onCommands: (c: ViewCommands) => void;
};

/** Fixed settings: fiber applies camera and scene settings again when given new objects. */
const GL = { preserveDrawingBuffer: true, antialias: true, powerPreference: 'low-power' } as const;
const SKY = '#eaf3f8';

export default function PoolScene({ design, reducedMotion, onReady, onFail, onCommands }: PoolSceneProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const root = useRef<ReconcilerRoot<HTMLCanvasElement> | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const calls = useRef({ onReady, onFail, onCommands });
  calls.current = { onReady, onFail, onCommands };
  // The first view's camera, kept: a new object would put the camera back on every change.
  const [camera] = useState(() => ({ fov: FOV, near: 0.1, far: 500, position: homeOf(design, 1).position.toArray() }));
  const ready = useRef(false);

  useEffect(() => {
    const el = box.current!;
    const measure = () => {
      const { width, height } = el.getBoundingClientRect();
      if (width > 0 && height > 0) setSize({ width, height });
    };
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => {
      watch.disconnect();
      root.current?.unmount();
      root.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    const target = canvas.current;
    if (!size || !target) return;
    const fail = () => calls.current.onFail();
    try {
      root.current ??= createRoot(target);
      root.current
        .configure({
          gl: GL,
          size: { ...size, top: 0, left: 0 },
          dpr: [1, 2],
          frameloop: 'demand',
          camera,
          onCreated: (state) => state.gl.setClearColor(SKY),
        })
        .then((r) => {
          r.render(
            <Scene design={design} reducedMotion={reducedMotion} onCommands={(c) => calls.current.onCommands(c)} />,
          );
          if (ready.current) return;
          ready.current = true;
          // Two frames: the first picture is on the canvas before the page is told.
          requestAnimationFrame(() => requestAnimationFrame(() => calls.current.onReady(target)));
        })
        .catch(fail);
    } catch {
      fail();
    }
  }, [size, design, reducedMotion, camera]);

  return (
    <div ref={box} style={{ position: 'absolute', inset: 0 }}>
      <canvas ref={canvas} style={{ display: 'block', width: '100%', height: '100%', touchAction: 'none' }} />
    </div>
  );
}
