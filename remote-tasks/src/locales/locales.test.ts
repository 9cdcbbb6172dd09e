import { join } from 'node:path';
import { describeKeysUsed, describeLocaleFiles } from '@grab/shared/testing';

describeLocaleFiles('tasks', import.meta.dirname);
describeKeysUsed('tasks', join(import.meta.dirname, '..'), { tasks: import.meta.dirname });
