import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteFederation } from '../tools/mf/federation';

export default createModuleFederationConfig(
  remoteFederation('remote_wallet', {
    './BalanceCard': './src/features/balance/balance-card.widget.tsx',
    './WithdrawalPage': './src/features/withdrawal/withdrawal.page.tsx',
    './WithdrawalOrdersPage': './src/features/orders/orders.page.tsx',
    './EarningsPage': './src/features/earnings/earnings.page.tsx',
    './OffersPage': './src/features/offers/offers.page.tsx',
  }),
);
