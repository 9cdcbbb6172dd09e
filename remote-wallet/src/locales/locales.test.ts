import { describeLocaleFiles } from '@grab/shared/testing';

describeLocaleFiles('wallet', import.meta.dirname);
