import { join } from 'node:path';
import { describeKeysUsed, describeLocaleFiles } from '../testing/locale-files';

describeLocaleFiles('common', join(import.meta.dirname, 'locales'));
describeKeysUsed('shared', join(import.meta.dirname, '..'), {});
