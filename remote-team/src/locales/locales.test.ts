import { join } from 'node:path';
import { describeKeysUsed, describeLocaleFiles } from '@grab/shared/testing';

describeLocaleFiles('team', import.meta.dirname);
describeKeysUsed('team', join(import.meta.dirname, '..'), { team: import.meta.dirname });
