/**
 * The pool's preview beside the designer: the 3D view where WebGL works (its code loaded only then, on
 * this page), else the 2D drawing with the same sizes; buttons to turn and zoom it for those who do not
 * drag; the sizes, surface and water volume written under it; the whole design in words for screen
 * readers. Printing shows the 2D drawing. `capture` gives the picture saved with the request.
 */
import { Component, lazy, Suspense, useImperativeHandle, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ActionIcon, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconFocusCentered, IconRotate2, IconRotateClockwise2, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { poolMeasures } from '@pool/contracts/construction';
import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import type { PoolDesign } from './design.ts';
import { PoolDrawing, type DrawingLabels } from './pool-drawing.tsx';
import type { ViewCommands } from './pool-scene.tsx';
import { canvasSnapshot, svgSnapshot } from './snapshot.ts';
import { hasWebGL } from './webgl.ts';
import classes from './pool-view.module.css';

const PoolScene = lazy(() => import('./pool-scene.tsx'));

/** What the page may ask of the preview. */
export type PoolViewHandle = { capture: () => Promise<Blob> };

/** Names of the design's choices in the page's language. */
export type DesignNames = { shape: string; colour: string; options: string[] };

/** Falls back to the drawing when the 3D code fails to load or to run. */
class Fallback extends Component<{ onError: () => void; children: React.ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The design's labels: sizes with their units, and the whole design in words. */
export function useDesignLabels(
  design: PoolDesign,
  names: DesignNames,
): DrawingLabels & { area: string; volume: string } {
  const { t } = useTranslation();
  const { lang } = useLang();
  const m = poolMeasures(design);
  const num = (n: number) => formatNumber(lang, n);
  const labels = {
    length: t('construction-site.metres', { value: num(design.length) }),
    width: t('construction-site.metres', { value: num(design.width) }),
    depth: t('construction-site.metres', { value: num(design.depth) }),
    area: t('construction-site.square_metres', { value: num(m.area_m2) }),
    volume: t('construction-site.cubic_metres', { value: num(m.volume_m3) }),
  };
  const list = new Intl.ListFormat(lang, { type: 'conjunction' }).format(names.options);
  return {
    ...labels,
    title: t('construction-site.drawing_title'),
    description: t('construction-site.description', {
      ...labels,
      shape: names.shape,
      colour: names.colour,
      extras: names.options.length ? t('construction-site.extras_with', { list }) : t('construction-site.options_none'),
    }),
  };
}

/** Whether WebGL works here, asked once per page load (null on the server). */
let webgl: boolean | undefined;
const noSubscription = () => () => undefined;
const webglHere = () => (webgl ??= hasWebGL());

export function PoolView({
  design,
  names,
  ref,
}: {
  design: PoolDesign;
  names: DesignNames;
  ref?: React.Ref<PoolViewHandle>;
}) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion() ?? false;
  const labels = useDesignLabels(design, names);
  // The server and the first render draw in 2D; the browser then draws in 3D where WebGL works.
  const canDo3d = useSyncExternalStore(noSubscription, webglHere, () => null);
  const [failed, setFailed] = useState(false);
  const mode = canDo3d === null ? 'checking' : canDo3d && !failed ? '3d' : 'drawing';
  const [ready, setReady] = useState(false);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef<SVGSVGElement>(null);
  const commands = useRef<ViewCommands | null>(null);
  const toDrawing = () => {
    canvas.current = null;
    setReady(false);
    setFailed(true);
  };

  useImperativeHandle(ref, () => ({
    capture: () =>
      mode === '3d' && ready && canvas.current ? canvasSnapshot(canvas.current) : svgSnapshot(drawing.current!),
  }));

  const shown3d = mode === '3d' && ready;
  const sceneDesign = useMemo(
    () => design,
    [design.shape, design.length, design.width, design.depth, design.colour, design.options.join()], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const command = (run: (c: ViewCommands) => void) => () => commands.current && run(commands.current);
  const tools: Array<{ label: string; icon: React.ReactNode; run: (c: ViewCommands) => void }> = [
    { label: t('construction-site.rotate_left'), icon: <IconRotate2 size={18} />, run: (c) => c.rotate(-1 / 12) },
    {
      label: t('construction-site.rotate_right'),
      icon: <IconRotateClockwise2 size={18} />,
      run: (c) => c.rotate(1 / 12),
    },
    { label: t('construction-site.zoom_in'), icon: <IconZoomIn size={18} />, run: (c) => c.zoom(1.25) },
    { label: t('construction-site.zoom_out'), icon: <IconZoomOut size={18} />, run: (c) => c.zoom(0.8) },
    { label: t('construction-site.reset_view'), icon: <IconFocusCentered size={18} />, run: (c) => c.reset() },
  ];

  return (
    <Paper
      withBorder
      radius="lg"
      p={0}
      className={classes.frame}
      data-testid="pool-view"
      data-view={mode}
      data-ready={shown3d || undefined}
    >
      <Box className={classes.stage}>
        {mode === '3d' ? (
          <Box
            className={classes.scene}
            role="img"
            aria-label={labels.description}
            data-testid="pool-3d"
            style={{ visibility: shown3d ? 'visible' : 'hidden' }}
          >
            <Fallback onError={toDrawing}>
              <Suspense fallback={null}>
                <PoolScene
                  design={sceneDesign}
                  reducedMotion={reducedMotion}
                  onReady={(c) => {
                    canvas.current = c;
                    setReady(true);
                  }}
                  onFail={toDrawing}
                  onCommands={(c) => (commands.current = c)}
                />
              </Suspense>
            </Fallback>
          </Box>
        ) : null}
        <Box className={shown3d ? classes.printOnly : classes.drawing}>
          <PoolDrawing ref={drawing} design={design} labels={labels} />
        </Box>
        {shown3d ? (
          <Group gap={6} className={classes.tools} wrap="nowrap">
            {tools.map((tool) => (
              <Tooltip key={tool.label} label={tool.label} withArrow>
                <ActionIcon variant="white" size="lg" radius="xl" aria-label={tool.label} onClick={command(tool.run)}>
                  {tool.icon}
                </ActionIcon>
              </Tooltip>
            ))}
          </Group>
        ) : null}
      </Box>
      <Stack gap={4} p="sm" className={classes.legend} data-testid="pool-legend">
        <Group gap="md" justify="center" wrap="wrap">
          {(['length', 'width', 'depth', 'area', 'volume'] as const).map((k) => (
            <Text key={k} fz="sm" data-testid={`legend-${k}`}>
              <Text span c="gray.7">
                {t(`construction-site.${k}`)}:
              </Text>{' '}
              <Text span fw={700}>
                {labels[k]}
              </Text>
            </Text>
          ))}
        </Group>
        <Text fz="xs" c="gray.7" ta="center" data-testid="pool-view-note">
          {mode === '3d'
            ? t('construction-site.view_hint')
            : mode === 'drawing'
              ? t('construction-site.view_2d_note')
              : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
