import { describeLocaleFiles } from '@grab/shared/testing';

describeLocaleFiles('luckyDraw', import.meta.dirname);
