import { renderStandalone } from '@grab/shared/standalone';
import BalanceCard from './features/balance/balance-card.widget';

// Development only: the remote's page on its own. In the product the host renders it.
void renderStandalone(<BalanceCard />);
