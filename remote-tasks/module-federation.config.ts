import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteFederation } from '../tools/mf/federation';

export default createModuleFederationConfig(
  remoteFederation('remote_tasks', {
    './TaskHall': './src/features/task-hall/task-hall.page.tsx',
  }),
);
