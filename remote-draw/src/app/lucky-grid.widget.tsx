import { DrawWidget, type DrawWidgetProps } from '../features/draw-widget/draw-widget';

export type LuckyGridProps = DrawWidgetProps<'grid'>;
export type { DrawHandle } from '../features/draw-widget/draw-widget';

/** remote_draw/LuckyGrid: the grid (3 × 3 by default: the prizes go round the edge, the button in the middle). Props and handle: remote-draw/README.md. */
export default function LuckyGrid(props: LuckyGridProps) {
  return <DrawWidget kind="grid" {...props} />;
}
