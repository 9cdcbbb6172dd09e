import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteFederation } from '../tools/mf/federation';

export default createModuleFederationConfig(
  remoteFederation('remote_wallet', {
    './BalanceCard': './src/features/balance/balance-card.widget.tsx',
  }),
);
