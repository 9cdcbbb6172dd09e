import { describeLocaleFiles } from '@grab/shared/testing';

// "UPI" is a name in every language, and some markets say "Bank" or "Wallet" in English.
describeLocaleFiles('wallet', import.meta.dirname, 5);
