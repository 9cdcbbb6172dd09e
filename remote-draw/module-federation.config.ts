import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteFederation } from '../tools/mf/federation';

export default createModuleFederationConfig(
  remoteFederation('remote_draw', {
    './LuckyWheel': './src/app/lucky-wheel.widget.tsx',
    './LuckyGrid': './src/app/lucky-grid.widget.tsx',
    './SlotMachine': './src/app/slot-machine.widget.tsx',
    './LuckyDrawPage': './src/app/lucky-draw.page.tsx',
  }),
);
