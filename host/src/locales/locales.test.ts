import { join } from 'node:path';
import { describeKeysUsed, describeLocaleFiles } from '@grab/shared/testing';

// A few words are the same in several languages (Password, Account, Home in Filipino; LV{{level}}).
describeLocaleFiles('host', import.meta.dirname, 8);
describeKeysUsed('host', join(import.meta.dirname, '..'), { host: import.meta.dirname });
