import { describeLocaleFiles } from '@grab/shared/testing';

describeLocaleFiles('draw', import.meta.dirname);
