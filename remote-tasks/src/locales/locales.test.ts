import { join } from 'node:path';
import { describeKeysUsed, describeLocaleFiles } from '@grab/shared/testing';

const pagesDir = join(import.meta.dirname, 'pages');

// "LV{{level}}" and "≈ {{money}}" are only figures; Filipino also says "Redemption code".
describeLocaleFiles('tasks', import.meta.dirname, 5);
describeLocaleFiles('taskPages', pagesDir, 5);
describeKeysUsed('tasks', join(import.meta.dirname, '..'), { tasks: import.meta.dirname, taskPages: pagesDir });
