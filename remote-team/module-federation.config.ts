import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteFederation } from '../tools/mf/federation';

export default createModuleFederationConfig(
  remoteFederation('remote_team', {
    './TeamPage': './src/app/team.page.tsx',
    './LevelPage': './src/features/levels/level.page.tsx',
  }),
);
