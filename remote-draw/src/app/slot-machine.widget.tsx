import { DrawWidget, type DrawWidgetProps } from '../features/draw-widget/draw-widget';

export type SlotMachineProps = DrawWidgetProps<'slot'>;
export type { DrawHandle } from '../features/draw-widget/draw-widget';

/** remote_draw/SlotMachine: the slot machine (reels of prizes; every reel must show the same prize to win it). Props and handle: remote-draw/README.md. */
export default function SlotMachine(props: SlotMachineProps) {
  return <DrawWidget kind="slot" {...props} />;
}
