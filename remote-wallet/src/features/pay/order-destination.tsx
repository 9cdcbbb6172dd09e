import { institutionBesideMethod, useT } from '@grab/shared';
import type { WithdrawOrder } from '@grab/shared/contracts';
import { WALLET_NS } from '../../locales/wallet.locales';

/** Where an order's money goes: "UPI as•••@okbank", "Bank · HDFC Bank 1234•••", the account read left to right. */
export function OrderDestination({ order }: { order: Pick<WithdrawOrder, 'method' | 'institutionName' | 'maskedAccount'> }) {
  const { t } = useT(WALLET_NS);
  const method = t(`withdrawal.methods.${order.method}`);
  return (
    <>
      {[method, institutionBesideMethod(order.institutionName, [method, order.method])].filter(Boolean).join(' · ')} <bdi dir="ltr">{order.maskedAccount}</bdi>
    </>
  );
}
