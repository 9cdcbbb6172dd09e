import { describeLocaleFiles } from '@grab/shared/testing';

describeLocaleFiles('team', import.meta.dirname);
