import { DrawWidget, type DrawWidgetProps } from '../features/draw-widget/draw-widget';

export type LuckyWheelProps = DrawWidgetProps<'wheel'>;
export type { DrawHandle } from '../features/draw-widget/draw-widget';

/** remote_draw/LuckyWheel: the wheel (SPEC §3: prizes round the wheel, blocks as rings, buttons in the middle). Props and handle: remote-draw/README.md. */
export default function LuckyWheel(props: LuckyWheelProps) {
  return <DrawWidget kind="wheel" {...props} />;
}
