import { join } from 'node:path';
import { describeLocaleFiles } from '../testing/locale-files';

describeLocaleFiles('common', join(import.meta.dirname, 'locales'));
