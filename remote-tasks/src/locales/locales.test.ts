import { join } from 'node:path';
import { describeKeysUsed, describeLocaleFiles } from '@grab/shared/testing';

// "LV{{level}}", "≈ {{money}}" and "+{{points}}" are only figures; Filipino also says "Redemption code".
describeLocaleFiles('tasks', import.meta.dirname, 5);
describeKeysUsed('tasks', join(import.meta.dirname, '..'), { tasks: import.meta.dirname });
