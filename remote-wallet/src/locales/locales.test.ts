import { join } from 'node:path';
import { describeKeysUsed, describeLocaleFiles } from '@grab/shared/testing';

// "UPI" is a name in every language, and some markets say "Bank" or "Wallet" in English.
describeLocaleFiles('wallet', import.meta.dirname, 5);
describeKeysUsed('wallet', join(import.meta.dirname, '..'), { wallet: import.meta.dirname });
