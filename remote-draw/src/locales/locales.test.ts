import { join } from 'node:path';
import { describeKeysUsed, describeLocaleFiles } from '@grab/shared/testing';

describeLocaleFiles('draw', import.meta.dirname);
describeKeysUsed('draw', join(import.meta.dirname, '..'), { draw: import.meta.dirname, luckyDraw: join(import.meta.dirname, '..', 'app', 'locales') });
